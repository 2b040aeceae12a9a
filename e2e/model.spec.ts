/**
 * The Model page: help text links to a section of it (no reference to a document users do not
 * have), Back returns to the view, and counts in the first page's text come from the registries.
 */
import { LESSON_COUNT } from '../src/ui/learn/lessons.ts';
import { countWord } from '../src/present/format.ts';
import { expect, test } from './fixtures.ts';

test('a help link opens the Model page at its section, and Back returns', async ({ page }) => {
  // R = 1,000: the sweep the view starts runs beside the test, which reads only text and links.
  await page.goto('/?view=tradeoff&r=1000');
  await expect(page.getByTestId('view-tradeoff')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('SPEC');
  await page.getByTestId('model-link-8').first().click();
  await expect(page.getByTestId('view-model')).toBeVisible();
  const section = page.locator('#model-8');
  await expect(section).toContainText("The paper's grid");
  await expect(section).toBeInViewport();
  await expect(page.locator('.model-toc li')).toHaveCount(15);
  await page.goBack();
  await expect(page.getByTestId('view-tradeoff')).toBeVisible();
});

test('the first page counts the lessons Learn has; the glossary links its sections', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByText(`Learn it in ${countWord(LESSON_COUNT)} short lessons`),
  ).toBeVisible();
  await page.getByTestId('explain-q').focus();
  const link = page.getByRole('tooltip').getByTestId('model-link-7');
  await expect(link).toHaveAttribute('href', '?view=model#model-7');
});

test('Timeline spells out its policy and order codes', async ({ page }) => {
  // R = 1,000: Timeline does not read it; the page realizes Pack's pool at it meanwhile.
  await page.goto('/?view=timeline&tsrc=synthetic&tn=300&tdays=1&tpol=fmf&tw=2&r=1000');
  await expect(page.getByTestId('timeline-policy')).toContainText('FMF (First Merged Fit)');
  await expect(page.getByTestId('timeline-order')).toContainText(
    'DDTR (decreasing duration × request)',
  );
  await expect(page.getByTestId('timeline-headline').locator('abbr')).toHaveAttribute(
    'title',
    'First Merged Fit',
    { timeout: 90_000 },
  );
});
