import type { CaptchaVerifyResponse } from '@portal/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../shared/api/client';

declare global {
  interface Window {
    smartCaptcha?: {
      render(
        container: HTMLElement,
        options: { sitekey: string; callback: (token: string) => void; hl?: string },
      ): number;
    };
  }
}

const SCRIPT_URL = 'https://smartcaptcha.yandexcloud.net/captcha.js';

export function useCaptchaConfig() {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: () =>
      api<CaptchaVerifyResponse>('captcha-verify', {
        body: { isLocal: window.location.hostname === 'localhost' },
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The SmartCaptcha widget, shown only when the server says captcha is on; its token goes with the form. */
export function Captcha({ onToken, language }: { onToken: (token: string) => void; language: string }) {
  const config = useCaptchaConfig();
  const container = useRef<HTMLDivElement>(null);
  const siteKey = config.data?.enabled ? config.data.siteKey : null;
  useEffect(() => {
    if (!siteKey || !container.current) return;
    const target = container.current;
    const render = () =>
      window.smartCaptcha?.render(target, { sitekey: siteKey, callback: onToken, hl: language });
    if (window.smartCaptcha) {
      render();
      return;
    }
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.defer = true;
    script.onload = render;
    document.head.appendChild(script);
  }, [siteKey, onToken, language]);
  if (!siteKey) return null;
  return <div ref={container} className="captcha" />;
}
