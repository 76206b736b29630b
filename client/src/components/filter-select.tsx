/** One filter of a list: a labelled select whose first option, 「すべて」, is no filter ('' to `onChange`). */
export function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: readonly (readonly [value: string, text: string])[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="studio-filters__item" htmlFor={id}>
      {label}
      <select id={id} className="admin-field__control" value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">すべて</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
