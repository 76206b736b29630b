import { fitPage, hasRoom, isRenderingCancelled, MAX_CANVAS_PIXELS, sameSurface, type RenderSurface } from './pdf-document';

const canvas = document.createElement('canvas');
const surface = (width: number, height: number | null, pixelRatio = 1): RenderSurface => ({ canvas, width, height, pixelRatio });

// A 16:9 slide at scale 1 (page units).
const SLIDE = [960, 540] as const;

describe('fitPage', () => {
  it('fits a slide to the width when the height does not count', () => {
    expect(fitPage(...SLIDE, surface(720, null))).toEqual({
      scale: 0.75,
      pixelWidth: 720,
      pixelHeight: 405,
      cssWidth: 720,
      cssHeight: 405,
    });
  });

  it('draws in device pixels on HiDPI screens, the same size on screen', () => {
    const fit = fitPage(...SLIDE, surface(720, null, 2));
    expect(fit).toMatchObject({ cssWidth: 720, cssHeight: 405, pixelWidth: 1440, pixelHeight: 810 });
    expect(fit.scale).toBe(1.5);
  });

  it('fits both ways in fullscreen: a wide screen leaves bars at the sides', () => {
    // 1920 x 900 is wider than 16:9: the height decides.
    const fit = fitPage(...SLIDE, surface(1920, 900));
    expect(fit).toMatchObject({ cssWidth: 1600, cssHeight: 900 });
  });

  it('fits both ways in fullscreen: a tall (portrait) screen leaves bars above and below', () => {
    const fit = fitPage(...SLIDE, surface(390, 780, 3));
    expect(fit).toMatchObject({ cssWidth: 390, cssHeight: 219, pixelWidth: 1170, pixelHeight: 657 });
  });

  it('gives up sharpness before the canvas grows past what browsers draw', () => {
    const fit = fitPage(...SLIDE, surface(3840, 2160, 3));
    expect(fit.cssWidth).toBe(3840);
    expect(fit.pixelWidth * fit.pixelHeight).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
    expect(fit.pixelWidth).toBeGreaterThan(3840);
  });
});

describe('surfaces', () => {
  it('need room to draw in', () => {
    expect(hasRoom(null)).toBe(false);
    expect(hasRoom(surface(0, null))).toBe(false);
    expect(hasRoom(surface(800, 0))).toBe(false);
    expect(hasRoom(surface(800, null))).toBe(true);
  });

  it('are the same when canvas, size and pixel ratio are', () => {
    expect(sameSurface(surface(800, null), surface(800, null))).toBe(true);
    expect(sameSurface(surface(800, null), surface(801, null))).toBe(false);
    expect(sameSurface(surface(800, null), surface(800, 600))).toBe(false);
    expect(sameSurface(surface(800, null), surface(800, null, 2))).toBe(false);
    expect(sameSurface(surface(800, null), { ...surface(800, null), canvas: document.createElement('canvas') })).toBe(false);
    expect(sameSurface(null, surface(800, null))).toBe(false);
  });
});

describe('isRenderingCancelled', () => {
  it("recognises pdf.js's cancellation by name, nothing else", () => {
    const cancelled = Object.assign(new Error('Rendering cancelled, page 2'), { name: 'RenderingCancelledException' });
    expect(isRenderingCancelled(cancelled)).toBe(true);
    expect(isRenderingCancelled(new Error('Rendering cancelled'))).toBe(false);
    expect(isRenderingCancelled(new DOMException('Aborted', 'AbortError'))).toBe(false);
    expect(isRenderingCancelled('RenderingCancelledException')).toBe(false);
    expect(isRenderingCancelled(null)).toBe(false);
  });
});
