import * as Dialog from '@radix-ui/react-dialog';

export interface DemoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** spec §2 Demo scheduling dialog. The demo-scheduling work fills in the date picker, slots and form. */
export function DemoDialog({ open, onOpenChange }: DemoDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-full max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Schedule a Demo</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">Pick a date and time that suits you.</Dialog.Description>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
