/** An element read back from XML: its name, attributes (entities decoded), children and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][A-Za-z0-9_.:-]*';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Characters XML 1.0 allows (tab, newline, carriage return, and from U+0020 up, without U+FFFE/U+FFFF and lone surrogates). */
const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A small strict XML reader for tests: one root element after an optional
 * declaration, every tag closed in order, attributes quoted and unique, no
 * raw `<` or `&` in text or attributes, only the five predefined entities and
 * numeric references, no forbidden character. It throws on the first
 * problem, so a test that parses a document back proves it well-formed (for
 * the subset of XML our reports write: no comments, CDATA, DTD or
 * processing instructions beyond the declaration).
 */
export function parseStrictXml(xml: string): XmlElement {
  if (FORBIDDEN.test(xml)) throw new Error('a character XML 1.0 forbids');
  let at = 0;
  const declaration = /^<\?xml [^?]*\?>\s*/.exec(xml);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (at < xml.length) {
    if (xml[at] !== '<') {
      const end = xml.indexOf('<', at);
      const raw = xml.slice(at, end < 0 ? xml.length : end);
      const top = stack.at(-1);
      if (!top) {
        if (raw.trim() !== '') throw new Error(`text outside the root element: ${raw.slice(0, 20)}`);
      } else top.text += decode(raw);
      at = end < 0 ? xml.length : end;
      continue;
    }
    const close = new RegExp(`^</(${NAME})\\s*>`).exec(xml.slice(at));
    if (close) {
      const top = stack.pop();
      if (top?.name !== close[1]) throw new Error(`</${close[1]}> closes <${top?.name ?? 'nothing'}>`);
      at += close[0].length;
      continue;
    }
    const open = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`).exec(xml.slice(at));
    if (!open) throw new Error(`malformed markup at ${at}: ${xml.slice(at, at + 30)}`);
    if (root && stack.length === 0) throw new Error('a second root element');
    const element: XmlElement = { name: open[1] as string, attributes: readAttributes(open[2] ?? ''), children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    if (open[3] !== '/') stack.push(element);
    at += open[0].length;
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

function readAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g'))) {
    const name = match[1] as string;
    if (name in attributes) throw new Error(`attribute ${name} twice`);
    attributes[name] = decode(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

function decode(raw: string): string {
  if (raw.includes('<')) throw new Error('a raw < in text or an attribute');
  return raw.replace(/&([^;\s]*);?/g, (whole, body: string) => {
    if (!whole.endsWith(';')) throw new Error(`a raw & in: ${raw.slice(0, 30)}`);
    if (body in ENTITIES) return ENTITIES[body] as string;
    const numeric = /^#(x[0-9A-Fa-f]+|[0-9]+)$/.exec(body);
    if (!numeric) throw new Error(`unknown entity &${body};`);
    const code = numeric[1]!.startsWith('x') ? parseInt(numeric[1]!.slice(1), 16) : Number(numeric[1]);
    const char = String.fromCodePoint(code);
    if (FORBIDDEN.test(char)) throw new Error(`a reference to a forbidden character: ${whole}`);
    return char;
  });
}
