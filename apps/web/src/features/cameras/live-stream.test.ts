import { describe, expect, it } from 'vitest';
import { streamSupport } from './live-stream';

describe('how the live stream is attached', () => {
  const video = (native: boolean) =>
    ({ canPlayType: (type: string) => (native && type.includes('mpegurl') ? 'maybe' : '') }) as Pick<
      HTMLVideoElement,
      'canPlayType'
    >;
  it('prefers hls.js, falls back to native HLS, else none', () => {
    expect(streamSupport(video(true), true)).toBe('hls.js');
    expect(streamSupport(video(true), false)).toBe('native');
    expect(streamSupport(video(false), false)).toBe('none');
  });
});
