import type {ReactNode} from 'react';

interface Props<Value extends string> {
  values: readonly Value[];
  /** What the person reads for each value. */
  labels: Readonly<Record<Value, string>>;
}

/** A native select's options: one per value, in the list's order, each showing its label. */
export default function SelectOptions<Value extends string>({values, labels}: Props<Value>): ReactNode {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
