import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel } from '@mui/material';
import { PERMISSION_LABELS, RoleInput } from '@willow/contracts';
import type { Permission, Role } from '@willow/contracts';
import { EntityFormDialog } from '../../components/entity-form-dialog';
import { FormError, TextInput, useFormState } from '../../components/form-fields';
import { notifySuccess } from '../../lib/toasts';
import { useSaveRole } from './roles.api';
import type { RoleScope } from './roles.api';

export interface MemberPickerProps {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

interface RoleFormDialogProps {
  open: boolean;
  role: Role | null;
  scope: RoleScope;
  /** the permissions this kind of role may carry */
  assignable: readonly Permission[];
  renderMembers: (props: MemberPickerProps) => ReactNode;
  onClose: () => void;
}

/** Create/edit for account roles and system roles alike; predefined roles keep their name. */
export function RoleFormDialog({ open, role, scope, assignable, renderMembers, onClose }: RoleFormDialogProps) {
  const form = useFormState({ name: '', permissions: [] as Permission[], userIds: [] as string[] });
  const save = useSaveRole(scope);
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ name: role?.name ?? '', permissions: role?.permissions ?? [], userIds: role?.userIds ?? [] });
  }, [open, role, reset]);

  const togglePermission = (permission: Permission, on: boolean) =>
    form.set(
      'permissions',
      on ? [...form.values.permissions, permission] : form.values.permissions.filter((p) => p !== permission),
    );

  const submit = () => {
    const data = form.check(RoleInput, form.values);
    if (!data) return;
    // The server refuses to rename a predefined role, so its name is not sent at all.
    const payload = role?.predefined ? { permissions: data.permissions, userIds: data.userIds } : data;
    const created = !role;
    save.mutate(
      { id: role?.id ?? null, data: payload },
      {
        onSuccess: () => {
          notifySuccess(created ? 'Role created' : 'Role updated');
          onClose();
        },
        onError: form.saveFailed(created ? 'Error creating role' : 'Error updating role'),
      },
    );
  };

  return (
    <EntityFormDialog
      open={open}
      title={role ? `Edit ${role.name}` : 'New role'}
      submitLabel={role ? 'Save' : 'Create'}
      submitting={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      dirty={form.dirty}
    >
      <TextInput
        label="Name"
        required
        disabled={role?.predefined}
        helperText={role?.predefined ? 'Predefined roles keep their name' : undefined}
        value={form.values.name}
        onValueChange={(x) => form.set('name', x)}
        error={form.errors.name}
      />
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">Permissions</FormLabel>
        <FormGroup>
          {assignable.map((permission) => (
            <FormControlLabel
              key={permission}
              control={
                <Checkbox
                  size="small"
                  checked={form.values.permissions.includes(permission)}
                  onChange={(e) => togglePermission(permission, e.target.checked)}
                />
              }
              label={PERMISSION_LABELS[permission]}
            />
          ))}
        </FormGroup>
        <FormError message={form.errors.permissions} />
      </FormControl>
      {renderMembers({ value: form.values.userIds, onChange: (ids) => form.set('userIds', ids), error: form.errors.userIds })}
    </EntityFormDialog>
  );
}
