/** An investor's `users/layout` answer (the layout's six parts, each as its own call gives it), for loaders' tests. */
export const profile = { roles: [{ code: 'INVESTOR', name: '', nameEn: '' }], currentRole: 'INVESTOR' };
export const locations = {
  locations: [
    { id: 2, roleCode: 'INVESTOR', isPlaceholder: false },
    { id: 3, roleCode: 'INVESTOR', isPlaceholder: false },
  ],
};
export const layout = (parts: Record<string, unknown> = {}) => ({
  profile,
  locations,
  actives: { actives: [] },
  unreadCount: { unread: 3 },
  openRequests: { requests: [] },
  companySettings: { companyName: 'Сосны' },
  ...parts,
});
