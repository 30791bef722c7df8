import { Select } from '@mantine/core';

/** The value standing for "no filter" in a select; the query leaves the parameter out. */
export const ALL = 'all';

export interface FilterSelectProps<T extends string> {
  label: string;
  value: T | null;
  options: readonly T[];
  onChange: (value: T | null) => void;
  /** Offers "All" (value null) before the options. */
  withAll?: boolean;
}

/** A labelled select for one list filter or sort setting. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  withAll,
}: FilterSelectProps<T>) {
  const data = [
    ...(withAll ? [{ value: ALL, label: 'All' }] : []),
    ...options.map((o) => ({ value: o, label: o })),
  ];
  return (
    <Select
      label={label}
      data={data}
      value={value ?? ALL}
      allowDeselect={false}
      onChange={(next) => {
        const chosen = options.find((option) => option === next);
        onChange(chosen ?? null);
      }}
    />
  );
}
