/**
 * A placeholder in the shape of what is loading (lines of text, rows of a list, a figure, a chart), instead of a
 * blank panel. Its shapes are hidden from screen readers, which hear `label` (the panel's loading text) once, as
 * a status. The shimmer stops for users who asked for reduced motion (styles.css).
 */
export function Skeleton({
  label,
  shape = 'lines',
  count = 3,
}: {
  /** What is loading ('Loading wallet history...'). */
  label: string;
  shape?: 'lines' | 'rows' | 'figure' | 'chart';
  /** How many lines or rows. */
  count?: number;
}) {
  return (
    <div className={`skeleton skeleton-${shape}`} role="status">
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true" className="skeleton-shapes">
        {shape === 'figure' || shape === 'chart' ? (
          <span className="skeleton-shape" />
        ) : (
          Array.from({ length: count }, (_, index) => <span key={index} className="skeleton-shape" />)
        )}
      </span>
    </div>
  );
}
