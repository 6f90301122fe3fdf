export { vendorWebhooksRoutes } from './vendor-webhooks.routes';
export { signSyncNotice, verifySyncSignature } from './sync-webhook-signature';
