import type {ColumnType} from 'kysely';

/** A timestamptz column: a Date read, written and updated. */
export type Timestamp = ColumnType<Date, Date, Date>;
