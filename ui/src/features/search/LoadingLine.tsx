/** A small inline spinner with its text, announced politely. */
export function LoadingLine({ text }: { text: string }) {
  return (
    <p className="loading-line" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      {text}
    </p>
  );
}
