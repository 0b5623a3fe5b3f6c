import { afterEach, describe, expect, it } from 'vitest';
import { installFocusKeeper } from './focus-keeper';

/** Waits for the keeper's check, which runs in a microtask after the DOM changed. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('focus keeper', () => {
  let uninstall = () => {};
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('moves the focus of a dialog that has just opened from its × to its first field; a Tab back keeps the ×', () => {
    uninstall = installFocusKeeper();
    document.body.innerHTML = `
      <main><h1>Page</h1><button id="opener">Open</button></main>
      <section role="dialog">
        <header><button class="mantine-Modal-close" aria-label="Close">×</button></header>
        <div class="mantine-Modal-body"><p>Text</p><input id="field" /><button id="ok">OK</button></div>
      </section>`;
    const opener = document.getElementById('opener') as HTMLElement;
    const close = document.querySelector('.mantine-Modal-close') as HTMLElement;
    const field = document.getElementById('field') as HTMLElement;
    opener.focus();
    close.focus();
    expect(document.activeElement).toBe(field);
    // Mantine places its first focus twice, a tick apart: the second time too.
    close.focus();
    expect(document.activeElement).toBe(field);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true }));
    close.focus();
    expect(document.activeElement).toBe(close);
  });

  it('returns the focus to the opener when the dialog goes away, and to the heading when the opener is disabled', async () => {
    uninstall = installFocusKeeper();
    document.body.innerHTML = `
      <main><h1>Page</h1><button id="opener">Open</button></main>
      <section role="dialog"><div class="mantine-Modal-body"><button id="ok">OK</button></div></section>`;
    const opener = document.getElementById('opener') as HTMLButtonElement;
    opener.focus();
    (document.getElementById('ok') as HTMLElement).focus();
    document.querySelector('section')?.remove();
    await settle();
    expect(document.activeElement).toBe(opener);

    document.body.insertAdjacentHTML(
      'beforeend',
      '<section role="dialog"><div class="mantine-Modal-body"><button id="ok2">OK</button></div></section>',
    );
    (document.getElementById('ok2') as HTMLElement).focus();
    opener.disabled = true;
    document.querySelector('section')?.remove();
    await settle();
    expect(document.activeElement).toBe(document.querySelector('main h1'));
  });

  it('leaves the focus alone when the focused element stays (a click on plain text)', async () => {
    uninstall = installFocusKeeper();
    document.body.innerHTML = '<main><h1>Page</h1><button id="b">B</button><p id="p">text</p></main>';
    const button = document.getElementById('b') as HTMLElement;
    button.focus();
    button.blur();
    document.getElementById('p')?.setAttribute('data-x', '1');
    document.body.append(document.createElement('div'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});
