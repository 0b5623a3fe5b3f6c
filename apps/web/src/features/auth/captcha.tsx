import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { authQueries } from './queries';

declare global {
  interface Window {
    smartCaptcha?: {
      render(
        container: HTMLElement,
        options: { sitekey: string; callback: (token: string) => void; hl?: string },
      ): number;
      reset(widgetId?: number): void;
      destroy(widgetId?: number): void;
    };
  }
}

const SCRIPT_URL = 'https://smartcaptcha.yandexcloud.net/captcha.js';

export function useCaptchaConfig() {
  return useQuery(authQueries.captcha());
}

let scriptLoading: Promise<void> | null = null;

/** The SmartCaptcha script, loaded once for the page (the server's CSP allows its origin when captcha is on). */
function loadScript(): Promise<void> {
  if (window.smartCaptcha) return Promise.resolve();
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptLoading = null;
      reject(new Error('captcha script failed to load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

/**
 * The SmartCaptcha widget, shown only when the server says captcha is on; its token goes with the form.
 * A token serves one check: the form bumps `resetSignal` after a failed submit, and the widget asks again.
 */
export function Captcha({
  onToken,
  language,
  resetSignal = 0,
}: {
  onToken: (token: string | undefined) => void;
  language: string;
  resetSignal?: number;
}) {
  const config = useCaptchaConfig();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const siteKey = config.data?.enabled ? config.data.siteKey : null;

  useEffect(() => {
    if (!siteKey || !container.current) return;
    const target = container.current;
    let cancelled = false;
    loadScript()
      .then(() => {
        if (cancelled || !window.smartCaptcha) return;
        widget.current = window.smartCaptcha.render(target, {
          sitekey: siteKey,
          callback: onToken,
          hl: language,
        });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
      if (widget.current !== null) window.smartCaptcha?.destroy(widget.current);
      widget.current = null;
      target.replaceChildren();
      onToken(undefined);
    };
  }, [siteKey, onToken, language]);

  useEffect(() => {
    if (resetSignal === 0 || widget.current === null) return;
    window.smartCaptcha?.reset(widget.current);
    onToken(undefined);
  }, [resetSignal, onToken]);

  if (!siteKey) return null;
  return <div ref={container} className="captcha" data-testid="captcha" />;
}
