// A chart with its data as a table behind it: the chart is a picture for those who look, the table
// (under "Data table") carries the same figures for screen readers and for anyone who would rather read.
import { Box, Card, Heading, Table, Text } from '@chakra-ui/react'
import type { ReactElement } from 'react'
import { ResponsiveContainer } from 'recharts'

export interface ChartColumn<Row> {
  key: keyof Row & string
  label: string
  format?: (value: Row[keyof Row]) => string
  numeric?: boolean
}

/** jsdom and the first paint have no layout: the chart starts at this size until it is measured. */
const INITIAL_CHART_SIZE = { width: 600, height: 260 }

export function ChartCard<Row extends object>({
  title,
  description,
  rows,
  columns,
  emptyText,
  height = INITIAL_CHART_SIZE.height,
  children,
}: {
  title: string
  description?: string
  rows: Row[]
  columns: ChartColumn<Row>[]
  emptyText: string
  height?: number
  children: ReactElement
}) {
  return (
    <Card.Root data-testid="chart-card">
      <Card.Header gap="1">
        <Heading size="md">{title}</Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body gap="3">
        {rows.length === 0 ? (
          <Text color="fg.muted">{emptyText}</Text>
        ) : (
          <>
            <Box h={`${height}px`} role="img" aria-label={`${title}: chart of the data table below`}>
              <ResponsiveContainer width="100%" height="100%" initialDimension={{ ...INITIAL_CHART_SIZE, height }}>
                {children}
              </ResponsiveContainer>
            </Box>
            <details>
              <summary>Data table</summary>
              <Table.ScrollArea maxH="64" mt="2">
                <Table.Root size="sm" aria-label={title}>
                  <Table.Header>
                    <Table.Row>
                      {columns.map((column) => (
                        <Table.ColumnHeader key={column.key} textAlign={column.numeric ? 'end' : 'start'}>
                          {column.label}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {rows.map((row, index) => (
                      <Table.Row key={index}>
                        {columns.map((column) => (
                          <Table.Cell key={column.key} textAlign={column.numeric ? 'end' : 'start'}>
                            {column.format ? column.format(row[column.key]) : String(row[column.key])}
                          </Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </details>
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
