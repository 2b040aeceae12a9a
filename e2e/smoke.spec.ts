import { expect, test } from './fixtures.ts';

test('the built page loads, is cross-origin isolated and has SharedArrayBuffer', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /slopack/i })).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe('function');
  // The main thread learns from a few-byte probe that the SIMD kernels run (kernels/probe.ts).
  await expect(page.getByTestId('runtime')).toHaveAttribute(
    'title',
    /shared memory \(WebAssembly SIMD\)/,
  );
});
