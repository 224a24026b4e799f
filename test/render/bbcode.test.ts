import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ENGLISH } from '../../src/i18n/index.js';
import { describe, expect, it } from 'vitest';
import { bbcodeToMarkdown, decodeEntities } from '../../src/render/bbcode.js';
import { truncate } from '../../src/render/text.js';
import type { ForumTopicPage } from '../../src/service/forum-types.js';
import { unbalancedMarkers } from './discord-limits.js';
import { FIXTURES_DIR } from '../fixtures-dir.js';

const FIXTURES = FIXTURES_DIR;

describe('bbcodeToMarkdown: tags', () => {
  it('renders emphasis tags', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[b]bold[/b] [i]it[/i] [u]under[/u] [s]gone[/s]')).toBe('**bold** *it* __under__ ~~gone~~');
  });

  it('keeps whitespace outside the markers and drops empty emphasis', () => {
    expect(bbcodeToMarkdown(ENGLISH, 'a[b] bold [/b]b')).toBe('a **bold** b');
    expect(bbcodeToMarkdown(ENGLISH, 'x[b]  [/b]y')).toBe('x  y');
  });

  it('renders links, only for http(s)', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[url=https://example.com/a]the site[/url]')).toBe('the site (https://example.com/a)');
    expect(bbcodeToMarkdown(ENGLISH, '[url="https://example.com/b"]quoted[/url]')).toBe('quoted (https://example.com/b)');
    expect(bbcodeToMarkdown(ENGLISH, '[url=javascript:alert(1)]click[/url]')).toBe('click');
    expect(bbcodeToMarkdown(ENGLISH, '[url=ftp://x.org]files[/url]')).toBe('files');
    expect(bbcodeToMarkdown(ENGLISH, '[url]https://example.com/x_y[/url]')).toBe('https://example.com/x_y');
    expect(bbcodeToMarkdown(ENGLISH, '[url]not a url[/url]')).toBe('not a url');
  });

  it('keeps link targets from ending the markdown link early', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[url=https://en.wikipedia.org/wiki/Foo_(bar)]wiki[/url]')).toBe('wiki (https://en.wikipedia.org/wiki/Foo_%28bar%29)');
  });

  it('renders quotes with and without a name', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[quote]line one\nline two[/quote]after')).toBe('> line one\n> line two\nafter');
    expect(bbcodeToMarkdown(ENGLISH, '[quote=Bob message=123]hi [b]there[/b][/quote]')).toBe('> *Bob wrote:*\n> hi **there**');
  });

  it('renders spoilers, with an optional label, never nested', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[spoiler]he dies[/spoiler]')).toBe('||he dies||');
    expect(bbcodeToMarkdown(ENGLISH, '[spoiler=Ending]he dies[/spoiler]')).toBe('Ending: ||he dies||');
    expect(bbcodeToMarkdown(ENGLISH, '[spoiler]a [spoiler]b[/spoiler] c[/spoiler]')).toBe('||a b c||');
  });

  it('renders images as links, and plain "image" inside a link', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[img]https://i.imgur.com/A8AsVAl.gif[/img]')).toBe('image (https://i.imgur.com/A8AsVAl.gif)');
    expect(bbcodeToMarkdown(ENGLISH, '[img align=left]https://a.co/x.png[/img]')).toBe('image (https://a.co/x.png)');
    expect(bbcodeToMarkdown(ENGLISH, '[img]data:image/png;base64,xx[/img]')).toBe('');
    expect(bbcodeToMarkdown(ENGLISH, '[url=https://club.example/1][img]https://a.co/x.png[/img][/url]')).toBe('image (https://club.example/1)');
  });

  it('renders lists as bullet lines', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[list][*]a[*]b [i]c[/i][/list]')).toBe('• a\n• b *c*');
    expect(bbcodeToMarkdown(ENGLISH, '[list=1][*]first[*]second[/list]')).toBe('1. first\n2. second');
  });

  it('renders code blocks verbatim', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[code]x = [b]1[/b] &amp;&amp; *y*[/code]')).toBe('```\nx = [b]1[/b] && *y*\n```');
    expect(bbcodeToMarkdown(ENGLISH, '[code]a```b[/code]')).not.toContain('a```b');
  });

  it('strips presentation tags and unknown tags, keeping inner text', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[color=red]red[/color] [size=300]big[/size] [center]mid[/center] [align=right]r[/align] [yt]abc123[/yt]')).toBe(
      'red big mid r abc123',
    );
    expect(bbcodeToMarkdown(ENGLISH, '[foo=bar]inner[/foo]')).toBe('inner');
  });

  it('keeps bracketed text that is not a tag', () => {
    expect(bbcodeToMarkdown(ENGLISH, 'see [citation needed] and [1]')).toBe('see \\[citation needed\\] and \\[1\\]');
  });
});

describe('bbcodeToMarkdown: HTML and entities', () => {
  it('turns <br /> into newlines without doubling the following newline', () => {
    expect(bbcodeToMarkdown(ENGLISH, 'one<br />\ntwo<br>three<BR/>\r\nfour')).toBe('one\ntwo\nthree\nfour');
  });

  it('strips other HTML tags', () => {
    expect(bbcodeToMarkdown(ENGLISH, '<div class="x">a</div> <span>b</span> 1 < 2 > 0')).toBe('a b 1 < 2 > 0');
  });

  it('decodes named and numeric entities once', () => {
    expect(decodeEntities('&quot;&amp;&lt;&gt;&#039;&nbsp;&#65;&#x42;&hellip;&amp;lt;&bogus;')).toBe('"&<>\' AB…&lt;&bogus;');
    expect(decodeEntities('&#0;&#xD800;&#99999999;')).toBe('\uFFFD\uFFFD\uFFFD');
  });

  it('decoded text cannot inject markup', () => {
    expect(bbcodeToMarkdown(ENGLISH, '&#91;b&#93;not bold&#91;/b&#93; &lt;b&gt;x&lt;/b&gt; **stars**')).toBe('\\[b\\]not bold\\[/b\\] <b>x</b> \\*\\*stars\\*\\*');
  });
});

describe('bbcodeToMarkdown: malformed input', () => {
  it('closes unclosed tags at the end and drops stray closers', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[b]unclosed')).toBe('**unclosed**');
    expect(bbcodeToMarkdown(ENGLISH, 'text[/b] more[/i]')).toBe('text more');
  });

  it('handles mismatched nesting without throwing', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[b][i]x[/b]y[/i]')).toBe('***x***y');
    expect(unbalancedMarkers(bbcodeToMarkdown(ENGLISH, '[b][s][spoiler]x[/b][/s]y[/spoiler]z'))).toEqual([]);
  });

  it('ignores an unclosed img/url instead of swallowing the rest', () => {
    expect(bbcodeToMarkdown(ENGLISH, '[img]https://a.co/x.png and more text')).toBe('https://a.co/x.png and more text');
  });

  it('survives deep nesting and garbage', () => {
    const deep = '[b]'.repeat(5000) + 'x' + '[/b]'.repeat(5000);
    expect(bbcodeToMarkdown(ENGLISH, deep)).toBe('**x**');
    const garbage = '[[[]]]][/][=][b=][url=][img][/url]&#;&;<<>>[*][list][/list][quote=][/quote][spoiler';
    expect(() => bbcodeToMarkdown(ENGLISH, garbage)).not.toThrow();
  });

  it('keeps spoilers balanced when the rendered text is truncated', () => {
    const md = bbcodeToMarkdown(ENGLISH, `intro [spoiler]${'secret words '.repeat(200)}[/spoiler] outro`);
    const cut = truncate(md, 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('…||')).toBe(true);
    expect(unbalancedMarkers(cut)).toEqual([]);
  });
});

describe('bbcodeToMarkdown: real forum posts', () => {
  const topic = JSON.parse(readFileSync(path.join(FIXTURES, 'go-myanimelist__forum-topic_1877721_with-poll.json'), 'utf8')) as ForumTopicPage;
  const posts = topic.data.posts ?? [];

  it('decodes entities in post 1', () => {
    const md = bbcodeToMarkdown(ENGLISH, posts[0]?.body ?? '');
    expect(md).toContain("Traitor's Requiem");
    expect(md).not.toContain('&#039;');
  });

  it('turns <br /> line breaks into single newlines in posts 2 and 3', () => {
    expect(bbcodeToMarkdown(ENGLISH, posts[1]?.body ?? '')).toBe(
      'Great days (breakdown) from part 4 is the best one\nthen its stand proud, sono chi no sadame, bloody stream, traitors requiem, fighting gold, end of the world, chase (its low on the list but its a banger),  crazy noisy bizarre town.',
    );
    expect(bbcodeToMarkdown(ENGLISH, posts[2]?.body ?? '')).toBe(
      'I got from best to worse\n\nBloody Stream , Traitor Requiem,  Stand Proud, Great Days, Sono Chi, Fighting Gold\n\nThe rest. End of the world is probably last',
    );
  });

  it('renders the signatures: linked image, size stripped, images, centered linked quote', () => {
    expect(bbcodeToMarkdown(ENGLISH, posts[0]?.signature ?? '')).toBe('image (https://myanimelist.net/clubs.php?cid=79901) Check us out!');
    const sig2 = bbcodeToMarkdown(ENGLISH, posts[1]?.signature ?? '');
    expect(sig2).toContain('image (https://i.ibb.co/HXDtjDn/ezgif-3-62c87457f285.png) image (https://i.ibb.co/tD604Mk/oi.png)');
    expect(sig2).toContain(
      `"ken, calling a cartoon pretentious is silly. pretentious isn't even a valid criticism when evaluating storytelling"-**some elitist smh** (https://myanimelist.net/profile/_henri)`,
    );
    expect(sig2).not.toMatch(/\[\/?(center|color|url|b)\b/);
    expect(bbcodeToMarkdown(ENGLISH, posts[2]?.signature ?? '')).toBe('image (https://myanimelist.net/animelist/MechKingKillbot?status=6)');
  });
});
