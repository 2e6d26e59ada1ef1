import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { enUS } from 'date-fns/locale/en-US';
import { Loader2, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useForm } from 'react-hook-form';
import { demoContactSchema, type DemoContact } from '#contracts/demo.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { toast } from '#client/hooks/use-toast.ts';
import { getServerMessage } from '#client/lib/api-client.ts';
import { fieldMessage } from '#client/lib/field-message.ts';
import { useAvailableSlots } from '../api/get-available-slots.ts';
import { isSlotTakenError, useScheduleDemo } from '../api/schedule-demo.ts';
import {
  DEMO_TIME_ZONE,
  findFirstSelectableDay,
  formatPacificLongDate,
  getLastBookableDay,
  getPacificToday,
  isSelectableDay,
  toPacificIsoDate,
} from '../utils/demo-calendar.ts';
import { demoKeys } from '#client/lib/query-keys.ts';

/** The success view shows for 3000 ms, then the dialog closes and resets. */
export const CONFIRMATION_MS = 3000;

export interface DemoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The demo scheduling dialog (docs/product.md): date picker, then time slots, then the contact form (its
 * states, validation and toasts). Everything lives inside Dialog.Content, which unmounts on close, so closing the
 * dialog at any point resets it.
 */
export function DemoDialog({ open, onOpenChange }: DemoDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[95vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <DemoScheduler onDone={() => onOpenChange(false)} />
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded-md p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default DemoDialog;

const emptyContact: DemoContact = { name: '', email: '', company: '', phone: '' };

/** A required field's label: the star is for the eye; the input's `required` tells a screen reader. */
const required = (label: string) => (
  <>
    {label}
    <span aria-hidden="true"> *</span>
  </>
);

function DemoScheduler({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const today = useMemo(() => getPacificToday(), []);
  const firstSelectableDay = useMemo(() => findFirstSelectableDay(today), [today]);
  const [selectedDay, setSelectedDay] = useState<Date | undefined>();
  const [selectedSlot, setSelectedSlot] = useState<string | undefined>();
  const [isFormRevealed, setIsFormRevealed] = useState(false);
  const [confirmation, setConfirmation] = useState<{ email: string; when: string } | null>(null);
  const date = selectedDay ? toPacificIsoDate(selectedDay) : undefined;
  const slots = useAvailableSlots(date);
  const form = useForm<DemoContact>({
    resolver: zodResolver(demoContactSchema),
    defaultValues: emptyContact,
  });
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  // Slot load failure -> toast, and the slot list is emptied (rendered as no slots below).
  const slotsErrorAt = slots.isError ? slots.errorUpdatedAt : 0;
  useEffect(() => {
    if (!slotsErrorAt) return;
    toast({
      title: 'Error',
      description: 'Failed to load available time slots. Please try again.',
      variant: 'destructive',
    });
  }, [slotsErrorAt]);

  // Closing resets everything, including cached slots, so a reopened dialog shows current availability.
  useEffect(() => () => queryClient.removeQueries({ queryKey: demoKeys.availableSlots }), [queryClient]);

  // The confirmation view shows for 3000 ms, then the dialog closes (and so resets).
  useEffect(() => {
    if (!confirmation) return;
    const timer = setTimeout(() => onDoneRef.current(), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmation]);

  const schedule = useScheduleDemo({
    onSuccess: (booking, input) => {
      const when = `${selectedDay ? formatPacificLongDate(selectedDay) : input.date} at ${input.timeSlot} PST`;
      toast({
        title: 'Demo Scheduled!',
        description: (
          <>
            <span className="block">{`We've sent a confirmation email to ${booking.email}`}</span>
            <span className="block">{when}</span>
          </>
        ),
      });
      setConfirmation({ email: booking.email, when });
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to schedule demo. Please try again.',
        variant: 'destructive',
      });
      // The slot was taken meanwhile: forget it; the list reloads without it.
      if (isSlotTakenError(error)) setSelectedSlot(undefined);
    },
  });

  function handleSelectDay(day: Date | undefined) {
    // Choosing a date clears any chosen slot and loads that date's slots.
    setSelectedDay(day);
    setSelectedSlot(undefined);
  }

  function handleSelectSlot(slot: string) {
    setSelectedSlot(slot);
    setIsFormRevealed(true);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!date || !selectedSlot) {
      toast({ title: 'Missing Information', description: 'Please select a date and time slot' });
      return;
    }
    const timeSlot = selectedSlot;
    void form.handleSubmit((contact) => schedule.mutate({ ...contact, date, timeSlot }))(event);
  }

  if (confirmation) {
    return (
      <div role="status" className="py-10 text-center">
        <Dialog.Title className="text-2xl font-semibold text-slate-900">Demo Scheduled!</Dialog.Title>
        <Dialog.Description className="mt-3 text-slate-700">
          {`We've sent a confirmation email to ${confirmation.email}`}
        </Dialog.Description>
        <p className="mt-1 font-medium text-slate-900">{confirmation.when}</p>
      </div>
    );
  }

  const availableSlots = slots.isError ? [] : (slots.data?.availableSlots ?? []);
  const errors = form.formState.errors;

  return (
    <div>
      <Dialog.Title className="text-xl font-semibold text-slate-900">Schedule a Demo</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        Pick a weekday and a time that suits you. All times are PST.
      </Dialog.Description>

      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="demo-date-heading">
          <h3 id="demo-date-heading" className="mb-2 text-sm font-semibold text-slate-800">
            Select a date
          </h3>
          <DayPicker
            mode="single"
            required
            selected={selectedDay}
            onSelect={handleSelectDay}
            locale={enUS}
            weekStartsOn={0}
            numberOfMonths={1}
            timeZone={DEMO_TIME_ZONE}
            today={today}
            defaultMonth={firstSelectableDay ?? today}
            startMonth={today}
            endMonth={getLastBookableDay(today)}
            disabled={(day) => !isSelectableDay(day, today)}
            className="text-sm"
          />
        </section>

        <section aria-labelledby="demo-time-heading">
          <h3 id="demo-time-heading" className="mb-2 text-sm font-semibold text-slate-800">
            Select a time (PST)
          </h3>
          {!date ? (
            <p className="text-sm text-slate-600">Choose a date to see available times.</p>
          ) : slots.isFetching ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              Loading available times...
            </p>
          ) : availableSlots.length === 0 ? (
            <p role="status" className="text-sm text-slate-700">
              No available time slots for this date. Please choose another date.
            </p>
          ) : (
            <div role="group" aria-labelledby="demo-time-heading" className="grid grid-cols-2 gap-2">
              {availableSlots.map((slot) => (
                <Button
                  key={slot}
                  type="button"
                  variant={slot === selectedSlot ? 'default' : 'outline'}
                  aria-pressed={slot === selectedSlot}
                  onClick={() => handleSelectSlot(slot)}
                >
                  {slot}
                </Button>
              ))}
            </div>
          )}
        </section>
      </div>

      {isFormRevealed ? (
        <form
          noValidate
          onSubmit={handleSubmit}
          className="mt-6 grid gap-4 border-t border-slate-200 pt-4 sm:grid-cols-2"
          aria-label="Your details"
        >
          <div className="grid gap-1">
            <Label htmlFor="demo-date">Date</Label>
            <Input
              id="demo-date"
              readOnly
              value={selectedDay ? formatPacificLongDate(selectedDay) : ''}
              placeholder="No date selected"
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="demo-slot">Time (PST)</Label>
            <Input id="demo-slot" readOnly value={selectedSlot ?? ''} placeholder="No time selected" />
          </div>
          <FormField label={required('Name')} error={fieldMessage('Name', errors.name?.message)}>
            <Input required autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label={required('Email')} error={fieldMessage('Email', errors.email?.message)}>
            <Input required type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label="Company" error={fieldMessage('Company', errors.company?.message)}>
            <Input autoComplete="organization" {...form.register('company')} />
          </FormField>
          <FormField label="Phone" error={fieldMessage('Phone', errors.phone?.message)}>
            <Input type="tel" autoComplete="tel" {...form.register('phone')} />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" className="w-full" disabled={schedule.isPending}>
              {schedule.isPending ? (
                <>
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                  Scheduling...
                </>
              ) : (
                'Schedule Demo'
              )}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
