// The artwork templates (badges and course thumbnails) and the committed files they drew.
// Run: node --test infra/tests/art.test.mjs
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { contrast, FONT, PROGRAM_COLOURS } from '../scripts/art/art-kit.mjs';
import { badgeSvg, badgeVariant } from '../scripts/art/badge-svg.mjs';
import { allCourses, certificationCourses } from '../scripts/art/content-pack.mjs';
import { courseImageSvg, imageColour, imageStem, layoutTitle } from '../scripts/art/course-image-svg.mjs';
import { ROOT } from '../scripts/lib.mjs';

const CERTIFICATION = certificationCourses();
const COURSES = allCourses();
const PUBLIC = path.join(ROOT, 'client/public');

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (file) => {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString(), 'PNG', `${file} is a PNG`);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
};

describe('badge template', () => {
  it('has the eight certification courses of the pack, each with a design', () => {
    assert.equal(CERTIFICATION.length, 8);
    for (const course of CERTIFICATION) assert.doesNotThrow(() => badgeVariant(course.slug));
    assert.throws(() => badgeVariant('line-ads-expert'), /No badge design/);
  });

  it('gives every course its own colour, and Basic and Advanced their own shape and band', () => {
    const variants = CERTIFICATION.map((course) => ({ course, v: badgeVariant(course.slug), svg: badgeSvg(course) }));
    assert.equal(new Set(variants.map(({ v }) => v.colour)).size, 8);
    for (const { course, v, svg } of variants) {
      const advanced = course.slug.endsWith('-advanced');
      assert.equal(v.level, advanced ? 'Advanced' : 'Basic');
      // Basic: a round medal; Advanced: the scalloped rosette (arcs), its ribbon striped, three stars.
      assert.equal(svg.includes('<circle cx="256" cy="256" r="236"'), !advanced, course.slug);
      assert.equal((svg.match(/<polygon /g) ?? []).length, advanced ? 3 : 0, course.slug);
      assert.equal(svg.includes('fill-opacity="0.85"'), advanced, course.slug);
      assert.ok(svg.includes(`>${v.level}</text>`), `${course.slug} names its level`);
    }
  });

  it('keeps Yahoo! and LINE courses apart by colour family: reds and greens', () => {
    const hue = (hex) => {
      const [r, g] = [1, 3].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return r > g ? 'red' : 'green';
    };
    for (const course of CERTIFICATION) assert.equal(hue(badgeVariant(course.slug).colour), course.slug.startsWith('yahoo') ? 'red' : 'green', course.slug);
  });

  it('carries white text at 4.5:1 or more on every colour', () => {
    for (const palette of Object.values(PROGRAM_COLOURS)) {
      for (const colour of [palette.base, palette.deep]) assert.ok(contrast(colour, '#ffffff') >= 4.5, `${colour}: ${contrast(colour, '#ffffff').toFixed(2)}`);
    }
  });

  it('escapes the text it is given', () => {
    const svg = badgeSvg({ slug: 'line-ads-basic', title: 'LINE広告 <b>&"Basic"' });
    assert.ok(svg.includes('<title>LINE広告 &lt;b&gt;&amp;&quot;Basic&quot; スキルバッジ</title>'));
    assert.ok(!svg.includes('<b>'));
    assert.doesNotThrow(() => new Resvg(svg, { font: FONT }));
  });
});

describe('course image template', () => {
  it('sets every title of the pack in at most three lines, nothing lost', () => {
    for (const course of COURSES) {
      const { lines, size } = layoutTitle(course.title);
      assert.ok(lines.length >= 1 && lines.length <= 3, course.title);
      assert.ok(size >= 26 && size <= 40, course.title);
      assert.equal(lines.join('').replace(/\s/g, ''), course.title.replace(/\s/g, ''));
    }
  });

  it('keeps 「検索広告」 and spaced words whole where it can', () => {
    assert.deepEqual(layoutTitle('動画で学ぶ 検索広告のはじめかた').lines, ['動画で学ぶ', '検索広告のはじめかた']);
  });

  it('draws each course in its programme colour, certification courses in their badge colour', () => {
    assert.equal(imageColour({ kind: 'learning', program: 'OA', slug: 'x' }), PROGRAM_COLOURS.OA.base);
    assert.equal(imageColour({ kind: 'video', program: 'Y_ADS', slug: 'x' }), PROGRAM_COLOURS.Y_ADS.base);
    assert.equal(imageColour({ kind: 'certification', program: 'AD', slug: 'line-ads-advanced' }), PROGRAM_COLOURS.AD.deep);
  });

  it('names the kind and level on the picture', () => {
    const svg = courseImageSvg({ kind: 'video', program: 'OA', slug: 'v', title: '動画で学ぶ', level: 'INTERMEDIATE' });
    assert.ok(svg.includes('>動画</text>') && svg.includes('>中級</text>'));
    const cert = courseImageSvg({ kind: 'certification', program: 'AD', slug: 'line-ads-basic', title: 'LINE広告 Basic', level: null });
    assert.ok(cert.includes('>認定コース</text>') && cert.includes('>Basic</text>'));
  });

  it('escapes the title', () => {
    const svg = courseImageSvg({ kind: 'learning', program: 'AD', slug: 'x', title: 'A&B <i>広告</i>', level: 'BEGINNER' });
    assert.ok(svg.includes('A&amp;B') && !svg.includes('<i>'));
    assert.doesNotThrow(() => new Resvg(svg, { font: FONT }));
  });

  it('gives every course of the pack its own file name', () => {
    assert.equal(new Set(COURSES.map(imageStem)).size, COURSES.length);
  });
});

describe('committed artwork (rerun npm run badge-art / course-images when this fails)', () => {
  it('has an SVG and a 512×512 PNG badge per certification course, with a Japanese text alternative', () => {
    for (const { slug, title } of CERTIFICATION) {
      assert.deepEqual(pngSize(path.join(PUBLIC, 'badges', `${slug}.png`)), [512, 512]);
      const svg = readFileSync(path.join(PUBLIC, 'badges', `${slug}.svg`), 'utf8');
      assert.ok(svg.includes(`<title>${title} スキルバッジ</title>`), slug);
      // Outlined text: the file looks the same without the font.
      assert.ok(!svg.includes('<text'), slug);
    }
  });

  it('has AVIF, WebP and PNG at 320 and 640 px for every course of the pack', () => {
    for (const course of COURSES) {
      for (const width of [320, 640]) {
        for (const ext of ['avif', 'webp', 'png']) assert.ok(existsSync(path.join(PUBLIC, 'course-images', `${imageStem(course)}-${width}.${ext}`)), `${imageStem(course)}-${width}.${ext}`);
        assert.deepEqual(pngSize(path.join(PUBLIC, 'course-images', `${imageStem(course)}-${width}.png`)), [width, (width * 9) / 16]);
      }
    }
  });
});
