// The app's one table: small, in a bordered scroll area, a header row of column names (numbers
// right-aligned) and a row per item. `TableFrame` is the frame alone, for rows drawn by a component.
import { Table } from '@chakra-ui/react'
import type { Key, ReactNode } from 'react'

export interface TableHeader {
  header: ReactNode
  /** Right-aligned (amounts, counts). */
  end?: boolean
}

export interface DataColumn<Row> extends TableHeader {
  cell: (row: Row) => ReactNode
}

const align = (end: boolean | undefined) => (end ? 'end' : undefined)

export function TableFrame({
  headers,
  label,
  scroll = true,
  children,
}: {
  headers: TableHeader[]
  /** The table's accessible name. */
  label?: string
  scroll?: boolean
  children: ReactNode
}) {
  const table = (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          {headers.map((column, index) => (
            <Table.ColumnHeader key={index} textAlign={align(column.end)}>
              {column.header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
    </Table.Root>
  )
  return scroll ? (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      {table}
    </Table.ScrollArea>
  ) : (
    table
  )
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  label,
  scroll,
}: {
  columns: DataColumn<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row, index: number) => Key
  label?: string
  scroll?: boolean
}) {
  return (
    <TableFrame headers={columns} label={label} scroll={scroll}>
      {rows.map((row, index) => (
        <Table.Row key={rowKey(row, index)}>
          {columns.map((column, columnIndex) => (
            <Table.Cell key={columnIndex} textAlign={align(column.end)}>
              {column.cell(row)}
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </TableFrame>
  )
}
