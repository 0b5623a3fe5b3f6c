import type { Logger } from '../logger.ts';

export interface Captcha {
  readonly enabled: boolean;
  readonly siteKey: string | null;
  /** True when the token proves a human; always true when captcha is off. `log`: the request's logger. */
  verify(token: string | undefined, ip: string, log?: Logger): Promise<boolean>;
}

export function disabledCaptcha(): Captcha {
  return { enabled: false, siteKey: null, verify: async () => true };
}

/**
 * Yandex SmartCaptcha-compatible validation: GET {validateUrl}?secret&token&ip answers {"status":"ok"}.
 * A provider that cannot be reached fails closed: the sign-in is refused rather than left unguarded.
 */
export function smartCaptcha(
  config: { secret: string; siteKey: string; validateUrl: string },
  logger: Logger,
): Captcha {
  return {
    enabled: true,
    siteKey: config.siteKey,
    async verify(token, ip, log = logger) {
      if (!token) return false;
      const url = new URL(config.validateUrl);
      url.searchParams.set('secret', config.secret);
      url.searchParams.set('token', token);
      url.searchParams.set('ip', ip);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        const body = (await response.json()) as { status?: string };
        return response.ok && body.status === 'ok';
      } catch (error) {
        log.warn({ err: error }, 'captcha provider unreachable');
        return false;
      }
    },
  };
}
