import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { Icon } from '@/components/ui/icons';
import { MoreVerticalIcon } from '@/components/ui/icons';

export interface RowAction {
  id: string;
  label: string;
  icon: Icon;
  danger?: boolean;
}

interface RowActionsMenuProps {
  /** Names the button and the menu: "Actions for Lower Body Strength A". */
  label: string;
  actions: readonly RowAction[];
  onAction: (id: string) => void;
  isDisabled?: boolean;
}

/** A row's menu (React Aria's menu pattern: arrow keys, typeahead, Escape gives focus back). */
export function RowActionsMenu({ label, actions, onAction, isDisabled = false }: RowActionsMenuProps) {
  return (
    <MenuTrigger>
      <Button
        aria-label={label}
        isDisabled={isDisabled}
        className="inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground outline-none transition-colors hover:bg-muted hover:text-foreground data-[disabled]:opacity-50 data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-ring data-[pressed]:bg-muted"
      >
        <MoreVerticalIcon className="size-5" />
      </Button>
      <Popover
        placement="bottom end"
        className="min-w-48 rounded-xl border border-border bg-surface p-1 shadow-lg outline-none data-[entering]:animate-pop-in"
      >
        <Menu aria-label={label} onAction={(key) => onAction(String(key))} className="outline-none">
          {actions.map(({ id, label: actionLabel, icon: ActionIcon, danger }) => (
            <MenuItem
              key={id}
              id={id}
              textValue={actionLabel}
              className={`flex min-h-11 cursor-default items-center gap-2.5 rounded-lg px-3 text-sm font-medium outline-none data-[focused]:bg-muted ${danger ? 'text-danger' : 'text-foreground'}`}
            >
              <ActionIcon className="size-4" />
              {actionLabel}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
