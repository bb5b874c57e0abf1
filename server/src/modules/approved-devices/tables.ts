/** Approved removable devices (migration 0202), at most 5,000 per tenant (document 1, Limits). */
export interface ApprovedDevicesTable {
  id: string;
  tenant_id: string;
  serial: string;
  serial_key: string;
  device_class: string | null;
  label: string | null;
  created_by: string;
  created_at: string;
}

declare module '../../db/database.js' {
  interface Database {
    approved_devices: ApprovedDevicesTable;
  }
}
