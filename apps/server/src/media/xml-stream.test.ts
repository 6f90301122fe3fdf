import { describe, expect, it } from 'vitest';
import { XmlFormatError, XmlStream } from './xml-stream';

const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a comment with <tags> -->' +
  '<p:sld xmlns:a="urn:a" title=\'a > b\' note="&quot;x&quot; &amp; y"><a:p><a:t>AT&amp;T &lt;b&gt; &#233;t&#xE9; 🎉</a:t>' +
  '<a:br/><a:t><![CDATA[raw <text> & more]]></a:t><a:t /></a:p><a:t>caf\u00e9 &amp;amp; 0024</a:t></p:sld>';

/** The events of a document, with the text of consecutive text events joined. */
function events(feed: (stream: XmlStream) => void): string[] {
  const seen: string[] = [];
  const stream = new XmlStream({
    open: (name, attributes) => seen.push(`open ${name} ${JSON.stringify(attributes())}`),
    close: (name) => seen.push(`close ${name}`),
    text: (text) => {
      const last = seen.at(-1);
      if (last?.startsWith('text ')) seen[seen.length - 1] = last + text;
      else seen.push(`text ${text}`);
    },
  });
  feed(stream);
  stream.end();
  return seen;
}

describe('streaming XML reader', () => {
  it('reads elements, attributes, entities, CDATA and text, skipping comments and declarations', () => {
    const whole = events((stream) => stream.write(DOCUMENT));
    expect(whole).toEqual([
      'text \n',
      'open p:sld {"xmlns:a":"urn:a","title":"a > b","note":"\\"x\\" & y"}',
      'open a:p {}',
      'open a:t {}',
      'text AT&T <b> été 🎉',
      'close a:t',
      'open a:br {}',
      'close a:br',
      'open a:t {}',
      'text raw <text> & more',
      'close a:t',
      'open a:t {}',
      'close a:t',
      'close a:p',
      'open a:t {}',
      'text café &amp; 0024',
      'close a:t',
      'close p:sld',
    ]);
  });

  it('gives the same events however the bytes are cut (tags, entities, UTF-8 characters)', () => {
    const bytes = new TextEncoder().encode(DOCUMENT);
    const whole = events((stream) => stream.writeBytes(bytes));
    for (const size of [1, 2, 3, 5, 7, 16, 64]) {
      const cut = events((stream) => {
        for (let at = 0; at < bytes.length; at += size) stream.writeBytes(bytes.subarray(at, at + size));
      });
      expect(cut, `pieces of ${size} bytes`).toEqual(whole);
    }
  });

  it('streams many texts, and refuses document types, a text or tag longer than anything real, and a cut end', () => {
    let chars = 0;
    const stream = new XmlStream({ text: (text) => (chars += text.length) });
    stream.write('<p:txBody>');
    for (let index = 0; index < 64; index += 1) stream.write(`<a:t>${'x'.repeat(64 * 1024)}</a:t>`);
    stream.write('</p:txBody>');
    stream.end();
    expect(chars).toBe(64 * 64 * 1024);

    expect(() => new XmlStream({}).write('<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toThrow(
      XmlFormatError,
    );
    expect(() => new XmlStream({}).write('<!DOCTYPE x><x/>')).toThrow(XmlFormatError);
    // saxes hands a text over whole at its end: one that long is refused before, as a tag is.
    const longText = new XmlStream({ text: () => undefined });
    expect(() => {
      longText.write('<a:t>');
      for (let index = 0; index < 20; index += 1) longText.write('&amp;'.repeat(16 * 1024));
    }).toThrow(XmlFormatError);
    const endless = new XmlStream({});
    expect(() => {
      endless.write(`<a:t attribute="`);
      for (let index = 0; index < 20; index += 1) endless.write('y'.repeat(64 * 1024));
    }).toThrow(XmlFormatError);
    expect(() => new XmlStream({}).write('<a>'.repeat(2000))).toThrow(XmlFormatError);
    // saxes keeps the start tags of open elements: they count, the closed ones do not.
    const attribute = `b="${'c'.repeat(1024)}"`;
    expect(() => new XmlStream({}).write(`<a ${attribute}>`.repeat(300))).toThrow(XmlFormatError);
    expect(events((stream) => stream.write(`<r>${`<a ${attribute}></a>`.repeat(1000)}</r>`))).toHaveLength(
      2002,
    );
    const cut = new XmlStream({});
    cut.write('<a:p><a:t');
    expect(() => cut.end()).toThrow(XmlFormatError);
  });

  it('decodes the predefined entities and character references, and refuses any other reference', () => {
    expect(events((stream) => stream.write('<a>&lt;&gt;&amp;&quot;&apos;&#65;&#x42;</a>'))).toEqual([
      'open a {}',
      'text <>&"\'AB',
      'close a',
    ]);
    for (const reference of ['&nbsp;', '&#x110000;', '&#0;', '&unknown;']) {
      expect(() => events((stream) => stream.write(`<a>${reference}</a>`)), reference).toThrow(
        XmlFormatError,
      );
    }
  });

  it('refuses what is not well-formed', () => {
    for (const document of ['<a><b></a></b>', '<a></b>', '<a x="1" x="2"/>', '<a/><b/>', 'text', '']) {
      expect(() => events((stream) => stream.write(document)), document).toThrow(XmlFormatError);
    }
  });
});
