/**
 * Tricky inputs and what the HTML rules (html-rules.ts) leave of them, as the server stores it. The server's test
 * checks sanitize-html gives exactly this; the web's test checks DOMPurify gives the same markup, so a preview in
 * the console, the stored text and the owner's page cannot drift apart.
 */
export const HTML_RULE_EXAMPLES: ReadonlyArray<{ name: string; input: string; output: string }> = [
  {
    name: 'formatting and lists stay',
    input: '<p>Итоги <b>месяца</b></p><ul><li>один</li></ul><h2>Заголовок</h2>',
    output: '<p>Итоги <b>месяца</b></p><ul><li>один</li></ul><h2>Заголовок</h2>',
  },
  {
    name: 'a link stays and gets rel',
    input: '<a href="https://example.com" target="_blank">ссылка</a>',
    output: '<a href="https://example.com" target="_blank" rel="noopener noreferrer">ссылка</a>',
  },
  {
    name: 'a script goes with its text, an event handler goes',
    input: '<p onclick="steal()">текст</p><script>alert(1)</script>',
    output: '<p>текст</p>',
  },
  {
    name: 'onerror on an image goes, the image stays',
    input: '<img src="x.png" onerror="alert(1)" alt="фото">',
    output: '<img src="x.png" alt="фото" />',
  },
  {
    name: 'a javascript: link loses its href',
    input: '<a href="javascript:alert(1)">x</a>',
    output: '<a rel="noopener noreferrer">x</a>',
  },
  {
    name: 'a disguised javascript: link loses its href too',
    input: '<a href=" JaVa&#x09;ScRiPt:alert(1)">x</a><a href="//evil.example/">y</a>',
    output: '<a rel="noopener noreferrer">x</a><a rel="noopener noreferrer">y</a>',
  },
  {
    name: 'mail and phone links stay',
    input: '<a href="mailto:invest@example.com">почта</a> <a href="tel:+78000000000">телефон</a>',
    output:
      '<a href="mailto:invest@example.com" rel="noopener noreferrer">почта</a> <a href="tel:+78000000000" rel="noopener noreferrer">телефон</a>',
  },
  {
    name: 'a style element goes with its rules, a style attribute goes',
    input: '<style>body{display:none}</style><span style="color:red" class="x">красный</span>',
    output: '<span>красный</span>',
  },
  {
    name: 'an iframe goes with its content',
    input: '<iframe src="https://evil.example/">внутри</iframe><p>после</p>',
    output: '<p>после</p>',
  },
  {
    name: 'an image may come only over http(s)',
    input: '<img src="data:image/png;base64,AAAA" alt="a"><img src="javascript:alert(1)" alt="b">',
    output: '<img alt="a" /><img alt="b" />',
  },
  {
    name: 'an unknown element goes, its text stays',
    input: '<div><font color="red">текст</font> и <table><tr><td>ячейка</td></tr></table></div>',
    output: 'текст и ячейка',
  },
  {
    name: 'svg and forms go',
    input:
      '<svg><script>alert(1)</script><text>t</text></svg><form action="/x"><input value="v"><button>b</button></form>ok',
    output: 'bok',
  },
];
