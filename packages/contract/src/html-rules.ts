/**
 * The HTML that news, FAQ answers, report subtitles and document descriptions may keep: one rule set, plain data,
 * from which the server's sanitizer (sanitize-html, when the text is stored) and the web's (DOMPurify, when it is
 * shown and in the console's live preview) are both configured, so the preview is what is stored and what owners
 * see. Text formatting, lists, headings, links and images over http(s); everything else goes.
 */
export const HTML_RULES = {
  /** Elements kept; any other element is dropped and its text kept, except for dropWithContent. */
  tags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'img',
  ],
  /** Elements dropped together with everything inside them (their text is code, data or another document). */
  dropWithContent: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'iframe',
    'noembed',
    'noframes',
    'template',
    'title',
    'object',
    'svg',
    'math',
  ],
  /** Attributes kept, by element; every other attribute (event handlers, style, class, id…) is dropped. */
  attributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'] } as Record<string, readonly string[]>,
  /** The attributes that hold a URL, checked with isAllowedHtmlUrl. */
  urlAttributes: ['href', 'src'],
  /** URL schemes allowed; a URL without a scheme (relative) is kept, one starting with // is not. */
  schemes: ['http', 'https', 'mailto', 'tel'],
  /** Elements with their own, narrower schemes. */
  schemesByTag: { img: ['http', 'https'] } as Record<string, readonly string[]>,
  /** Every link gets this rel: a link that opens a new tab must not hand the portal's window to the other site. */
  linkRel: 'noopener noreferrer',
} as const;

/**
 * Whether a URL may stay in an href or src of `tag`: the scheme test sanitize-html makes (launder's naughtyHref),
 * written once so the web applies the very same one. Control characters and spaces, which browsers skip inside
 * a scheme ("java\tscript:"), and HTML comments are ignored first.
 */
export function isAllowedHtmlUrl(tag: string, url: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to skip.
  let href = url.replace(/[\x00-\x20]+/g, '');
  for (;;) {
    const start = href.indexOf('<!--');
    const end = start === -1 ? -1 : href.indexOf('-->', start + 4);
    if (end === -1) break;
    href = href.slice(0, start) + href.slice(end + 3);
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(href)?.[1]?.toLowerCase();
  if (scheme === undefined) return !/^[/\\]{2}/.test(href);
  return (HTML_RULES.schemesByTag[tag] ?? HTML_RULES.schemes).includes(scheme);
}
