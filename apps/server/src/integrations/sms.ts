import type { Logger } from '../logger.ts';

export type SmsMessage = { to: string; text: string };

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * A configurable HTTP gateway: POST {to, text} as JSON with an optional bearer token; any 2xx is delivered.
 * Most Russian SMS providers offer such a call or sit behind a small adapter that does.
 */
export function httpSmsSender(url: string, token: string | undefined): SmsSender {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function loggingSmsSender(logger: Logger): SmsSender {
  return {
    async send(message) {
      logger.info({ sms: message }, `SMS to ${message.to}: ${message.text}`);
    },
  };
}
