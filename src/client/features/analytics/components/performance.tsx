import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Analytics } from '#contracts/analytics.ts';
import { analyticsLimits } from '#contracts/analytics.ts';
import { daysInRange } from '#contracts/calendar.ts';
import type { Brand } from '#contracts/dashboard.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  BrandFilter,
  DateField,
  PeriodSelect,
  type PeriodChoice,
} from '#client/components/ui/period-fields.tsx';
import { QueryView } from '#client/components/ui/query-state.tsx';
import { StatsCard } from '#client/components/ui/stats-card.tsx';
import { paths } from '#contracts/paths.ts';
import { useAnalytics } from '../api/get-analytics.ts';
import {
  answerKindLabels,
  countChange,
  dailyCsv,
  formatDuration,
  formatPercent,
  handoffReasonLabels,
  isEmptyPeriod,
  lastDays,
  localToday,
  rateChange,
} from '../utils/figures.ts';
import { ChartPanel, DataTable } from './chart-panel.tsx';

// Colours with at least 3:1 contrast against white (WCAG non-text contrast).
const colors = {
  inbound: '#1d4ed8',
  comments: '#7c3aed',
  aiReplies: '#047857',
  humanReplies: '#b45309',
  conversations: '#0f172a',
};
const axisTick = { fill: '#475569', fontSize: 12 };

function conversationsLink(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `${paths.dashboard.conversations}?${search}`;
}

/** The Performance screen: what the assistant did, how fast, where it handed off, and sold-out demand. */
export function Performance({ brands }: { brands: Brand[] }) {
  const today = localToday();
  const [brandId, setBrandId] = useState('');
  const [preset, setPreset] = useState<PeriodChoice>('30');
  const [custom, setCustom] = useState(() => lastDays(30, today));
  const range = preset === 'custom' ? custom : lastDays(Number(preset), today);
  const customDays = daysInRange(custom.from, custom.to);
  const customProblem =
    preset !== 'custom'
      ? null
      : !custom.from || !custom.to || customDays < 1
        ? 'Choose a start date on or before the end date.'
        : customDays > analyticsLimits.maxRangeDays
          ? `Choose at most ${analyticsLimits.maxRangeDays} days.`
          : null;
  const query = useAnalytics({
    brandId: brandId || undefined,
    ...(customProblem ? lastDays(30, today) : range),
  });
  const problemId = useId();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <BrandFilter brands={brands} value={brandId} onChange={setBrandId} />
        <PeriodSelect label="Period" value={preset} onChange={setPreset} />
        {preset === 'custom' && (
          <>
            <DateField
              label="From"
              value={custom.from}
              max={today}
              aria-describedby={customProblem ? problemId : undefined}
              onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
            />
            <DateField
              label="To"
              value={custom.to}
              max={today}
              aria-describedby={customProblem ? problemId : undefined}
              onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
            />
            {customProblem && (
              <p id={problemId} role="alert" className="text-sm text-red-700">
                {customProblem}
              </p>
            )}
          </>
        )}
        <p className="text-sm text-slate-600">Days are counted in each brand&apos;s time zone.</p>
      </div>

      <QueryView query={query} loading="Loading performance..." failed="Could not load performance">
        {(data) =>
          isEmptyPeriod(data.daily) ? (
            <p className="rounded-xl border border-slate-200 bg-white p-10 text-center text-slate-700 shadow-sm">
              No activity in this period
            </p>
          ) : (
            <Figures data={data} brandId={brandId || undefined} />
          )
        }
      </QueryView>
    </div>
  );
}

function Figures({ data, brandId }: { data: Analytics; brandId: string | undefined }) {
  const [, navigate] = useLocation();
  const { totals, previous } = data;
  const openDay = (date: string) => navigate(conversationsLink({ brand: brandId, startedOn: date }));

  const downloadCsv = () => {
    const url = URL.createObjectURL(new Blob([dailyCsv(data.daily)], { type: 'text/csv' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `performance-${data.from}-to-${data.to}.csv`;
    anchor.click();
    URL.revokeObjectURL(url);
  };

  const stat = (title: string, value: string | number, change: ReturnType<typeof countChange>) => (
    <StatsCard
      title={title}
      value={value}
      {...(change ? { change: change.text, trend: change.trend } : {})}
    />
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {stat(
          'Conversations started',
          totals.conversations,
          countChange(totals.conversations, previous.conversations),
        )}
        {stat(
          'Automation rate',
          formatPercent(totals.automationRate),
          rateChange(totals.automationRate, previous.automationRate),
        )}
        {stat(
          'Hand-off rate',
          formatPercent(totals.handoffRate),
          rateChange(totals.handoffRate, previous.handoffRate),
        )}
        {stat('DMs received', totals.inbound, countChange(totals.inbound, previous.inbound))}
        {stat('Comments received', totals.comments, countChange(totals.comments, previous.comments))}
        {stat('Assistant replies', totals.aiReplies, countChange(totals.aiReplies, previous.aiReplies))}
        {stat(
          'Replies by people',
          totals.humanReplies,
          countChange(totals.humanReplies, previous.humanReplies),
        )}
        <StatsCard
          title="First response (p50 / p90)"
          value={
            <span className="text-xl">
              Assistant {formatDuration(totals.firstResponseMs.ai.p50)} /{' '}
              {formatDuration(totals.firstResponseMs.ai.p90)}
              <br />
              People {formatDuration(totals.firstResponseMs.human.p50)} /{' '}
              {formatDuration(totals.firstResponseMs.human.p90)}
            </span>
          }
        />
      </div>

      <ChartPanel
        title="Daily activity"
        description="Conversations started, messages received and replies sent. Choose a day to open its conversations."
        actions={
          <Button variant="outline" size="sm" onClick={downloadCsv}>
            Export CSV
          </Button>
        }
        chart={
          <div className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart
                title="Daily activity chart; arrow keys move between days"
                data={data.daily}
                onClick={(state) => {
                  const label = state?.activeLabel;
                  if (typeof label === 'string') openDay(label);
                }}
              >
                <CartesianGrid stroke="#e2e8f0" vertical={false} />
                <XAxis dataKey="date" tick={axisTick} />
                <YAxis allowDecimals={false} tick={axisTick} />
                <Tooltip />
                <Legend />
                <Bar dataKey="inbound" name="DMs received" stackId="received" fill={colors.inbound} />
                <Bar dataKey="comments" name="Comments received" stackId="received" fill={colors.comments} />
                <Bar dataKey="aiReplies" name="Assistant replies" stackId="replies" fill={colors.aiReplies} />
                <Bar
                  dataKey="humanReplies"
                  name="Replies by people"
                  stackId="replies"
                  fill={colors.humanReplies}
                />
                <Line
                  dataKey="conversations"
                  name="Conversations started"
                  stroke={colors.conversations}
                  dot={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        }
        table={
          <DataTable
            caption="Daily activity"
            headers={[
              'Day',
              'Conversations',
              'DMs',
              'Comments',
              'Assistant replies',
              'Replies by people',
              'Hand-offs',
            ]}
            rows={data.daily.map((day) => [
              <Link
                key="day"
                href={conversationsLink({ brand: brandId, startedOn: day.date })}
                className="text-brand-700 underline"
              >
                {day.date}
              </Link>,
              day.conversations,
              day.inbound,
              day.comments,
              day.aiReplies,
              day.humanReplies,
              day.handoffs,
            ])}
          />
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <CountsPanel
          title="Answer kinds"
          chartTitle="Answer kinds chart"
          labelHeader="Answer"
          countName="Replies"
          labelWidth={170}
          fill={colors.aiReplies}
          rows={data.answerKinds.map((row) => ({
            label: answerKindLabels[row.kind] ?? row.kind,
            count: row.count,
          }))}
        />
        <CountsPanel
          title="Why conversations went to a person"
          caption="Hand-off reasons"
          chartTitle="Hand-off reasons chart"
          labelHeader="Reason"
          countName="Hand-offs"
          labelWidth={150}
          fill={colors.humanReplies}
          rows={data.handoffReasons.map((row) => ({
            label: handoffReasonLabels[row.reason] ?? row.reason,
            count: row.count,
          }))}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <TableSection
          title="Sold-out demand"
          emptyText="Nobody asked for a sold-out variant in this period."
          caption="Variants buyers asked for while sold out"
          headers={['Product', 'Variant', 'Buyers', 'Last asked']}
          rows={data.soldOutDemand.map((row) => [
            row.productTitle,
            <Link
              key="variant"
              href={conversationsLink({ brand: row.brandId, askedVariant: row.variantId })}
              className="text-brand-700 underline"
            >
              {row.variantTitle || 'Default'}
            </Link>,
            row.buyers,
            new Date(row.lastAskedAt).toLocaleString(),
          ])}
        />
        <TableSection
          title="Most asked products"
          emptyText="No product questions in this period."
          headers={['Product', 'Asks']}
          rows={data.topProducts.map((row) => [row.productTitle, row.asks])}
        />
      </div>

      <TableSection
        title="Comment-to-DM funnel by rule"
        emptyText="No automation rule matched in this period."
        headers={['Rule', 'Matched', 'Replies sent', 'Conversations that followed', 'Links sent', 'Orders']}
        rows={data.rules.map((row) => [
          row.name,
          row.matched,
          row.sent,
          row.conversations,
          row.links,
          row.orders,
        ])}
      />
    </>
  );
}

/** A panel of labelled counts (answer kinds, hand-off reasons): a horizontal bar chart, or the same as a table. */
function CountsPanel({
  title,
  caption = title,
  chartTitle,
  labelHeader,
  countName,
  labelWidth,
  fill,
  rows,
}: {
  title: string;
  caption?: string;
  chartTitle: string;
  labelHeader: string;
  /** The bars' name in the tooltip, and the table's count column. */
  countName: string;
  labelWidth: number;
  fill: string;
  rows: { label: string; count: number }[];
}) {
  return (
    <ChartPanel
      title={title}
      chart={
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart title={chartTitle} data={rows} layout="vertical" margin={{ left: 24 }}>
              <XAxis type="number" allowDecimals={false} tick={axisTick} />
              <YAxis type="category" dataKey="label" width={labelWidth} tick={axisTick} />
              <Tooltip />
              <Bar dataKey="count" name={countName} fill={fill} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      }
      table={
        <DataTable
          caption={caption}
          headers={[labelHeader, countName]}
          rows={rows.map((row) => [row.label, row.count])}
        />
      }
    />
  );
}

/** A titled table of the period, or a sentence saying there was nothing to count. */
function TableSection({
  title,
  emptyText,
  caption = title,
  headers,
  rows,
}: {
  title: string;
  emptyText: string;
  caption?: string;
  headers: string[];
  rows: ReactNode[][];
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <DataTable caption={caption} headers={headers} rows={rows} />
      )}
    </section>
  );
}
