import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChartWithTable } from './chart-with-table.tsx';

describe('ChartWithTable', () => {
  it('keeps the table as the chart’s text alternative and swaps the two with one button', async () => {
    render(
      <ChartWithTable
        title="Answered by day"
        chart={<svg data-testid="drawing" />}
        chartTestId="chart"
        caption="Answered by day this month"
        columns={['Day', 'DMs']}
        rows={[
          { key: '2026-11-01', cells: ['2026-11-01', 3] },
          { key: '2026-11-02', cells: ['2026-11-02', 0] },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'Answered by day' });
    // The chart is hidden from screen readers; the table is there for them all along.
    expect(screen.getByTestId('chart').getAttribute('aria-hidden')).toBe('true');
    const table = within(section).getByRole('table', { name: 'Answered by day this month' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayDMs', '2026-11-013', '2026-11-020']);

    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByTestId('drawing')).toBeNull();
    expect(table.className).not.toContain('sr-only');
    await userEvent.click(screen.getByRole('button', { name: 'Show as chart', pressed: true }));
    expect(screen.getByTestId('drawing')).toBeDefined();
    expect(table.className).toContain('sr-only');
  });
});
