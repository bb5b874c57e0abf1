import { describe, expect, it } from 'vitest';
import { policyApp } from './policy-app.js';

// Issue 14: the closed vocabularies (channels, device classes) hold on every route that takes them.
const t = policyApp();
const { get, post } = t;

describe('POST /policies/simulate channel', () => {
  it('refuses an unknown channel with a 422 naming the field, never the value', async () => {
    const r = await post('/policies/simulate', { text: 'hello', channel: 'browser_uplaod' });
    expect(r.statusCode).toBe(422);
    expect(r.json().details.map((d: { field: string }) => d.field)).toEqual(['channel']);
    expect(r.body).not.toContain('browser_uplaod');
  });

  it('takes a known channel', async () => {
    const r = await post('/policies/simulate', { text: 'hello', channel: 'browser_upload' });
    expect(r.statusCode).toBe(200);
  });
});

describe('approved device classes', () => {
  it('refuses a class outside document 2 and stores nothing', async () => {
    for (const device_class of ['usb_storage', 'mass\u0000storage', '']) {
      const r = await post('/approved-devices', { serial: 'KEY-1', device_class });
      expect(r.statusCode).toBe(422);
      expect(r.json().details.map((d: { field: string }) => d.field)).toEqual(['device_class']);
    }
    const batch = await post('/approved-devices', {
      items: [
        { serial: 'KEY-2', device_class: 'memory_card' },
        { serial: 'KEY-3', device_class: 'phone' },
      ],
    });
    expect(batch.statusCode).toBe(422);
    expect(batch.json().details.map((d: { field: string }) => d.field)).toEqual(['items[1].device_class']);
    expect((await get('/approved-devices')).json().items).toEqual([]);
  });

  it('takes each class of document 2', async () => {
    const classes = ['usb_mass_storage', 'memory_card', 'optical_disc', 'mobile_device', 'unclassified'];
    for (const [i, device_class] of classes.entries())
      expect((await post('/approved-devices', { serial: `DEV-${i}`, device_class })).statusCode).toBe(201);
  });
});
