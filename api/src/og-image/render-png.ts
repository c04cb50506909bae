import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/**
 * The fonts the images are drawn with, from an npm package (Inter, SIL Open Font License): the
 * production image has no system fonts, and a machine that has some must draw the same image.
 */
export const CARD_FONT_FILES = [
  '400Regular/Inter_400Regular.ttf',
  '600SemiBold/Inter_600SemiBold.ttf',
  '700Bold/Inter_700Bold.ttf',
].map((file) => require.resolve(`@expo-google-fonts/inter/${file}`));

/**
 * An SVG drawn to PNG by resvg (a Rust SVG renderer; prebuilt native binaries per platform, the
 * glibc x64 one in the production image), off the event loop: about 100 ms of a core per card.
 */
export async function renderPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: { fontFiles: CARD_FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
  });
  return image.asPng();
}
