/** The smallest view there is, for the view registry's test (viewRegistry.test.tsx). */
export function HelloView() {
  return <p data-testid="hello">Hello.</p>;
}
