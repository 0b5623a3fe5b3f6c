/**
 * Keeps keyboard focus where a keyboard user can go on from, for every dialog and form of the portal at once:
 *
 * - A dialog that opens focuses its first field or button, never its ×: Mantine focuses the first tabbable element,
 *   which is the close button of the header unless a child says `data-autofocus`. Tabbing back to the × still works.
 * - Focus never falls to `<body>`: when the focused element goes away (a dialog closes and its opener is now
 *   disabled or gone, a sent form is replaced by its confirmation), focus returns to the element that opened the
 *   dialog, or else to the page's heading, so the next Tab continues from the page rather than from its top.
 */

const DIALOG = '[role="dialog"]';
const CLOSE = '.mantine-Modal-close, .mantine-Drawer-close';
const TABBABLE =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

const visible = (element: HTMLElement) =>
  element.getClientRects().length > 0 || element.offsetParent !== null;
const usable = (element: HTMLElement | null): element is HTMLElement =>
  Boolean(element?.isConnected) &&
  !(element as HTMLButtonElement).disabled &&
  !element?.closest('[inert], [aria-hidden="true"]');

/** The first field or button of a dialog's body (the header holds only its title and the ×). */
function firstInBody(dialog: Element): HTMLElement | null {
  const body = dialog.querySelector('.mantine-Modal-body, .mantine-Drawer-body') ?? dialog;
  const candidates = [...body.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(CLOSE),
  );
  return candidates.find(visible) ?? candidates[0] ?? null;
}

/** The page's heading, made focusable by script only, as the place to go on from. */
function pageHeading(doc: Document): HTMLElement | null {
  const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('main');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

export function installFocusKeeper(doc: Document = document): () => void {
  /** The last focused element outside every dialog: a dialog's opener. */
  let outside: HTMLElement | null = null;
  /** The element focused last, wherever it is. */
  let last: HTMLElement | null = null;
  /** A Tab is moving the focus: the × it reaches is the user's choice. */
  let tabbing = false;
  const onKeyDown = (event: KeyboardEvent) => {
    tabbing = event.key === 'Tab';
  };

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement;
    last = target;
    const byTab = tabbing;
    tabbing = false;
    const dialog = target.closest?.(DIALOG);
    if (!dialog) {
      outside = target;
      return;
    }
    // The × focused by anything but a Tab: the dialog placing its first focus (Mantine does so twice, a tick
    // apart), which belongs to the first field. A Tab reaches the × as usual, and a click closes whatever has focus.
    if (target.matches(CLOSE) && !byTab) {
      const first = firstInBody(dialog);
      if (first) first.focus({ preventScroll: true });
    }
  };

  let scheduled = false;
  const check = () => {
    scheduled = false;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    if (!last || usable(last)) return;
    // Focus fell with the element that had it: back to the opener, or to the page.
    const target = usable(outside) ? outside : pageHeading(doc);
    last = null;
    target?.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(check);
  });

  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  return () => {
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
