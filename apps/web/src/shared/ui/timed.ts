import { useEffect, useState } from 'react';

/** A flag that turns itself off after the given time: success banners (5 s) and success views (1 s, 2 s). */
export function useTimedFlag(durationMs: number): [boolean, () => void] {
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    if (shownAt === null) return;
    const timer = setTimeout(() => setShownAt(null), durationMs);
    return () => clearTimeout(timer);
  }, [shownAt, durationMs]);
  return [shownAt !== null, () => setShownAt(Date.now())];
}

/** Seconds left of a countdown started by restart(); 0 when over (the code resend waits 30 s). */
export function useCountdown(seconds: number): [number, () => void] {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return [
    left,
    () => {
      setNow(Date.now());
      setEndsAt(Date.now() + seconds * 1000);
    },
  ];
}
