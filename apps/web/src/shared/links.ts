/** Addresses of the management company's own sites and documents; a deployment changes them here. */
export const EXTERNAL_LINKS = {
  invest: 'https://invest.example.com',
  hotels: 'https://hotels.example.com',
  scheme: 'https://invest.example.com/scheme',
  privacy: '/privacy-policy.pdf',
};
