import { type ComponentProps, lazy, Suspense } from 'react';
import { withTimeout } from '../../shared/chunk-timeout';
import type { CodeStep as CodeStepType } from './code-step';

/**
 * The two-factor step (its PinInput) loads when the server asks for a code, not with the first screen.
 * A chunk that fails or has not arrived after 120 s (spec: Business constants and limits) reaches the route's error
 * screen, which offers a reload.
 */
const LazyCodeStep = lazy(() => withTimeout(import('./code-step')).then((m) => ({ default: m.CodeStep })));

export function CodeStep(props: ComponentProps<typeof CodeStepType>) {
  return (
    <Suspense fallback={null}>
      <LazyCodeStep {...props} />
    </Suspense>
  );
}
