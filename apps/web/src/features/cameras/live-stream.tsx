import { Text } from '@mantine/core';
import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bearerHeader, withoutMediaToken } from '../../shared/api/media-url';

export type StreamSupport = 'hls.js' | 'native' | 'none';

/** hls.js where Media Source Extensions exist, else the browser's own HLS (Safari, iOS), else nothing. */
export function streamSupport(
  video: Pick<HTMLVideoElement, 'canPlayType'>,
  hlsSupported: boolean,
): StreamSupport {
  if (hlsSupported) return 'hls.js';
  if (video.canPlayType('application/vnd.apple.mpegurl')) return 'native';
  return 'none';
}

/** A live HLS stream attached to a muted autoplaying video; 'Something is wrong' when it cannot play. */
export function LiveStream({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [broken, setBroken] = useState(false);
  // hls.js sends the bearer header (xhrSetup) and plays the address without its signature, so a refreshed
  // answer does not restart it; the browser's own HLS (Safari) cannot send a header and plays the signed address.
  const source = Hls.isSupported() ? withoutMediaToken(url) : url;
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    setBroken(false);
    const support = streamSupport(video, Hls.isSupported());
    if (support === 'none') {
      console.error('HLS is not supported in this browser.');
      setBroken(true);
      return;
    }
    if (support === 'native') {
      video.src = source;
      void video.play().catch(() => undefined);
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    // No worker: the CSP allows scripts from this origin only, not from blob: URLs.
    const hls = new Hls({
      liveSyncDurationCount: 2,
      enableWorker: false,
      xhrSetup: (xhr, address) => {
        const authorization = bearerHeader();
        if (!authorization) return;
        if (!xhr.readyState) xhr.open('GET', address, true);
        xhr.setRequestHeader('authorization', authorization);
      },
    });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) setBroken(true);
    });
    hls.loadSource(source);
    hls.attachMedia(video);
    hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
    return () => hls.destroy();
  }, [source]);
  return (
    <>
      <video
        ref={ref}
        muted
        playsInline
        autoPlay
        aria-label={title}
        data-testid="live-stream"
        style={{ width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 8 }}
      />
      {broken && (
        <Text c="red" size="sm" data-testid="stream-broken">
          {t('cameras.somethingWrong')}
        </Text>
      )}
    </>
  );
}
