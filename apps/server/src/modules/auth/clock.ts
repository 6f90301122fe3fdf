/** The time source of the auth rules; tests of pure logic may pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The first whole second after `instant`. Bearer tokens carry their issue time in whole seconds
 * (JWT `iat`), and a token is refused when `iat < tokens_valid_after` in seconds; moving
 * `tokens_valid_after` to the next whole second therefore also refuses a token issued earlier in the
 * same second, which a plain `now` would let through.
 */
export function nextWholeSecond(instant: Date): Date {
  return new Date((Math.floor(instant.getTime() / 1000) + 1) * 1000);
}
