import { Paper, Stack } from '@mantine/core';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bearerHeader, withoutMediaToken } from '../../shared/api/media-url';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';

/**
 * The uploaded report PDF drawn page by page on canvases with pdf.js, in the browser (the server needs no PDF tools).
 * Under the portal's CSP: the worker is a file of the build served from 'self' (a same-origin worker needs no blob:),
 * pdf.js 6 evaluates no strings, and without a wasm URL it decodes images in JavaScript.
 */
export function PdfPages({ url, onLoaded }: { url: string; onLoaded?: () => void }) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // pdf.js sends the bearer header, so the address without its (ten-minute) signature serves every later
  // range request, and a refreshed answer does not reload the document.
  const source = withoutMediaToken(url);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reloads the document on retry
  useEffect(() => {
    let cancelled = false;
    let task: { destroy: () => Promise<void> } | null = null;
    setDoc(null);
    setFailed(false);
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const authorization = bearerHeader();
      const loading = pdfjs.getDocument({
        url: authorization ? source : url,
        ...(authorization ? { httpHeaders: { authorization } } : {}),
        useWasm: false,
      });
      task = loading;
      const loaded = await loading.promise;
      if (!cancelled) {
        setDoc(loaded);
        onLoaded?.();
      }
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [source, attempt]);

  if (failed) return <ErrorState onRetry={() => setAttempt((n) => n + 1)} />;
  if (!doc) return <LoadingState />;
  return (
    <Stack gap="md">
      {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((page) => (
        <PdfPage
          key={page}
          doc={doc}
          page={page}
          label={t('financialReport.page', { page, total: doc.numPages })}
        />
      ))}
    </Stack>
  );
}

/** One page, drawn when it comes near the view, at the width it is shown at (sharp on dense screens). */
function PdfPage({ doc, page, label }: { doc: PDFDocumentProxy; page: number; label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(page <= 2);
  const [ratio, setRatio] = useState(842 / 595);

  useEffect(() => {
    if (visible || !holder.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(holder.current);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let task: { cancel: () => void } | null = null;
    (async () => {
      const pdfPage = await doc.getPage(page);
      const base = pdfPage.getViewport({ scale: 1 });
      if (cancelled || !canvas.current || !holder.current) return;
      setRatio(base.height / base.width);
      const width = holder.current.clientWidth || base.width;
      const scale = (width / base.width) * Math.min(window.devicePixelRatio || 1, 2);
      const viewport = pdfPage.getViewport({ scale });
      canvas.current.width = Math.floor(viewport.width);
      canvas.current.height = Math.floor(viewport.height);
      const render = pdfPage.render({ canvas: canvas.current, viewport });
      task = render;
      await render.promise;
    })().catch(() => {
      // a cancelled render or a broken page leaves the blank sheet
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, visible]);

  return (
    <Paper withBorder radius="sm" p={0} style={{ overflow: 'hidden' }} maw={900} ref={holder}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="financial-report-page"
        style={{ display: 'block', width: '100%', aspectRatio: `1 / ${ratio}`, background: '#fff' }}
      />
    </Paper>
  );
}
