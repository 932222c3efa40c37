/** A unified diff from a failed assertion, expected (−) against actual (+), as untrusted text. */
import './checks.css';

export function CheckDiff({ diff, label }: { diff: string; label: string }) {
  return (
    <pre className="check-diff mono" aria-label={label}>
      {diff.split('\n').map((line, i) => (
        <span key={i} className="check-diff-line" data-sign={line.startsWith('@@') ? 'hunk' : line[0] === '-' ? 'expected' : line[0] === '+' ? 'actual' : 'same'}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
