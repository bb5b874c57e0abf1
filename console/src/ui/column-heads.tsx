/** A listing's header row: one column header per label, in order. */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th scope="col" key={label}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
