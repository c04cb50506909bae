import { describe, expect, it } from 'vitest';
import { htmlToText, safeLinkUrl, sanitiseHtml } from './sanitise-html.ts';

describe('sanitiseHtml', () => {
  it('keeps the allow-listed formatting of a typical bio', () => {
    const bio =
      '<p>I joined <strong>Leicestershire Police</strong> in 2004.</p><p>Priorities:<br/></p>' +
      '<ul><li><em>Anti-social</em> behaviour</li><li>Burglary</li></ul><ol><li>One</li></ol>';
    expect(sanitiseHtml(bio)).toBe(
      '<p>I joined <strong>Leicestershire Police</strong> in 2004.</p><p>Priorities:<br /></p>' +
        '<ul><li><em>Anti-social</em> behaviour</li><li>Burglary</li></ul><ol><li>One</li></ol>',
    );
  });

  it('removes scripts and styles with their content, in any case and spacing', () => {
    const html =
      '<p>Hello</p><script>alert(1)</script><SCRIPT type="text/javascript">steal()</SCRIPT >' +
      '<style>p{color:red}</style><p>World</p><script>never closed <p>gone';
    const clean = sanitiseHtml(html);
    expect(clean).toBe('<p>Hello</p><p>World</p>');
    expect(clean).not.toMatch(/alert|steal|color|gone/);
  });

  it('does not let markup inside a script escape it', () => {
    expect(sanitiseHtml('<script>var s = "</p><a href=x>";</script>ok')).toBe('ok');
    expect(sanitiseHtml('<script>"</script><img src=x onerror=alert(1)>"</script>ok')).toBe('"ok');
  });

  it('drops every attribute except a checked href, including event handlers and styles', () => {
    const html =
      '<p onclick="alert(1)" style="background:url(javascript:alert(1))" class="x">Hi</p>' +
      '<strong onmouseover=alert(1)>bold</strong><a href="https://www.leics.police.uk/" onclick="x()" target="_top">site</a>';
    const clean = sanitiseHtml(html);
    expect(clean).toBe(
      '<p>Hi</p><strong>bold</strong>' +
        '<a href="https://www.leics.police.uk/" rel="nofollow noopener noreferrer">site</a>',
    );
    expect(clean).not.toMatch(/onclick|onmouseover|style|class|target/);
  });

  it('refuses javascript:, data: and disguised script URLs but keeps the link text', () => {
    const hrefs = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#97;script:alert(1)',
      'jav&#x61;script:alert(1)',
      'javascript&colon;alert(1)',
      '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '/relative/path',
      '',
    ];
    for (const href of hrefs) {
      const clean = sanitiseHtml(`<a href="${href}">click</a>`);
      expect(clean, href).toBe('click');
    }
  });

  it('keeps mailto links and writes hrefs safely quoted', () => {
    expect(sanitiseHtml('<a href=mailto:beat.team@example.police.uk>email us</a>')).toBe(
      '<a href="mailto:beat.team@example.police.uk" rel="nofollow noopener noreferrer">email us</a>',
    );
    expect(sanitiseHtml(`<a href='https://example.org/?a=1&b="2"'>q</a>`)).toBe(
      '<a href="https://example.org/?a=1&amp;b=%222%22" rel="nofollow noopener noreferrer">q</a>',
    );
  });

  it('removes other tags but keeps their text, and drops embedded documents with their content', () => {
    const html =
      '<div><span style="font-size:12px">Sgt <font color=red>Smith</font></span></div>' +
      '<img src=x onerror=alert(1)><iframe src="https://evil.example"><p>fallback</p></iframe>' +
      '<svg><a href="https://x.example">svg link</a><script>alert(1)</script></svg>' +
      '<object data="x.swf"><param name=a>obj</object><!-- a comment --><!DOCTYPE html>end';
    expect(sanitiseHtml(html)).toBe('Sgt Smithend');
  });

  it('escapes stray markup characters in text and writes character references as characters', () => {
    expect(sanitiseHtml('Fish & chips < 5 > 3 &amp; more &nbsp;&#39;ok&#39; &bogus')).toBe(
      "Fish &amp; chips &lt; 5 &gt; 3 &amp; more \u00a0'ok' &amp;bogus",
    );
  });

  it('balances tags: closes what is left open, ignores stray end tags, closes an open paragraph', () => {
    expect(sanitiseHtml('<p>one<p>two</em></strong><ul><li>a<li>b')).toBe(
      '<p>one</p><p>two</p><ul><li>a</li><li>b</li></ul>',
    );
    expect(sanitiseHtml('<strong><em>x</strong>y</em>')).toBe('<strong><em>x</em></strong>y');
    expect(sanitiseHtml('<ul><li>a<ul><li>b</li></ul></li></ul>')).toBe(
      '<ul><li>a<ul><li>b</li></ul></li></ul>',
    );
    expect(sanitiseHtml('<ul><li><p>a<ul><li>b</ul>')).toBe('<ul><li><p>a</p><ul><li>b</li></ul></li></ul>');
  });

  it('drops a tag cut off by the end of the input', () => {
    expect(sanitiseHtml('text<a href="https://x.example" onclick="')).toBe('text');
    expect(sanitiseHtml('text <strong')).toBe('text');
  });

  it('leaves nothing executable in a pile of known XSS vectors', () => {
    const vectors = [
      '<IMG SRC="javascript:alert(\'XSS\');">',
      '<a href="  &#14;  javascript:alert(1)">x</a>',
      '<body onload=alert(1)>',
      '<<script>alert(1);//<</script>',
      '<scr<script>ipt>alert(1)</script>',
      '<a href="javas&#x09;cript:alert(1)">x</a>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<p/onmouseover=alert(1)>x',
      '<a/href="javascript:alert(1)">x</a>',
      '</p><script src=//evil.example/x.js></script>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    ];
    for (const vector of vectors) {
      const clean = sanitiseHtml(vector);
      expect(clean, vector).not.toMatch(/<(?!\/?(p|br|strong|em|b|i|ul|ol|li|a)\b)[a-z]/i);
      expect(clean, vector).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(clean, vector).not.toMatch(/href="(?!https?:|mailto:)/i);
    }
  });
});

describe('htmlToText', () => {
  it('strips tags, decodes entities and separates blocks', () => {
    expect(htmlToText('Hinckley Town &amp; Burbage')).toBe('Hinckley Town & Burbage');
    expect(htmlToText('St Mary&#039;s')).toBe("St Mary's");
    expect(htmlToText('1 High Street<br />Leicester<br>LE1 1AA')).toBe('1 High Street Leicester LE1 1AA');
    expect(htmlToText('<p>PC</p><script>x()</script><p>Jones</p>')).toBe('PC Jones');
  });
  it('decodes numeric and named references, replacing invalid code points', () => {
    expect(htmlToText('&#65;&#x42;&lt;&unknown;&#0;&eacute;')).toBe('AB<&unknown;\ufffd\u00e9');
  });
});

describe('safeLinkUrl', () => {
  it('accepts only absolute http, https and mailto URLs', () => {
    expect(safeLinkUrl('https://example.org')).toBe('https://example.org/');
    expect(safeLinkUrl('http://example.org/a b')).toBe('http://example.org/a%20b');
    expect(safeLinkUrl('mailto:a@example.org')).toBe('mailto:a@example.org');
    expect(safeLinkUrl('ftp://example.org')).toBeUndefined();
    expect(safeLinkUrl('www.example.org')).toBeUndefined();
  });
});
