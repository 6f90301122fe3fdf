import manifest from '../../package.json';

/** The server's version, from its package.json (inlined by the build). */
export const APP_VERSION: string = manifest.version;
