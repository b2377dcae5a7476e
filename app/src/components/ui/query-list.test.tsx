import { fireEvent, render, screen } from '@testing-library/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api'
import { Provider } from './provider'
import { QueryList } from './query-list'

describe('QueryList', () => {
  it("shows a failed load's reason with Try again, which runs the query again", () => {
    const refetch = vi.fn()
    const query = { isPending: false, isError: true, error: new ApiError(503, '503: {"message":"The index is catching up"}'), refetch } as unknown as UseQueryResult<string[]>
    render(
      <Provider>
        <QueryList query={query} empty="Nothing">
          {(item) => <p key={item}>{item}</p>}
        </QueryList>
      </Provider>,
    )
    expect(screen.getByText('The index is catching up')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalledOnce()
  })
})
