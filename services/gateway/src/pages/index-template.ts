const START = /<!--\s*share-tags\b[^>]*-->/;
const END = /<!--\s*\/share-tags\s*-->/;

/**
 * web/dist/index.html split around its marked block of share tags (`<!-- share-tags … -->` to
 * `<!-- /share-tags -->`), so each page's tags replace the generic ones exactly. Without the marks
 * (an older build) the tags go before `</head>` and a `<title>` of the template is dropped.
 */
export class IndexTemplate {
  private readonly head: string;
  private readonly tail: string;

  constructor(html: string) {
    const start = START.exec(html);
    const end = start ? END.exec(html.slice(start.index)) : null;
    if (start && end) {
      this.head = html.slice(0, start.index);
      this.tail = html.slice(start.index + end.index + end[0].length);
      return;
    }
    const withoutTitle = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
    const close = withoutTitle.search(/<\/head>/i);
    this.head = close === -1 ? withoutTitle : withoutTitle.slice(0, close);
    this.tail = close === -1 ? '' : withoutTitle.slice(close);
  }

  /**
   * The page with `tags` (already escaped HTML) in place of the generic ones, and `headEnd` (HTML)
   * last in the head, after the build's own scripts and preloads.
   */
  render(tags: string, headEnd = ''): string {
    const tail = this.tail.replace(/^\s*/, '');
    const close = headEnd ? tail.search(/<\/head>/i) : -1;
    const withHeadEnd = close === -1 ? tail : `${tail.slice(0, close)}  ${headEnd}\n  ${tail.slice(close)}`;
    return `${this.head}${tags}\n    ${withHeadEnd}`;
  }
}
