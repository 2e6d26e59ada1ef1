// Legal texts for Voicecart as data, separated from page layout.
// Every business figure lives in `legalConstants`; the texts below are built from it.

export type LegalSection = {
  id: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
};

export type LegalDocument = {
  title: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
};

export type DataDeletionOption = {
  id: string;
  title: string;
  description: string;
  steps?: readonly string[];
  action?: { label: string; href: string };
};

export type FaqItem = {
  question: string;
  answer: string;
};

export type DataDeletionPage = {
  title: string;
  updated: string;
  intro: string;
  options: readonly DataDeletionOption[];
  faq: readonly FaqItem[];
};

export const legalConstants = {
  companyName: 'Voicecart',
  productName: 'Voicecart AI',
  privacyEmail: 'privacy@voicecart.app',
  supportEmail: 'support@voicecart.app',
  lastUpdated: '2026-11-01',
  // Privacy / data handling
  messageRetentionDays: 30,
  commentRetentionDays: 7,
  profileRefreshHours: 24,
  usageLogDays: 90,
  financialRecordYears: 7,
  deletionResponseDays: 30,
  revocationDeletionHours: 48,
  inactivityDeletionDays: 30,
  // Accounts
  accountReviewHours: 24,
  minimumAge: 18,
  // Plans and billing
  plans: {
    starter: { name: 'Starter', monthly: '$79/month', yearly: '$758/year' },
    professional: { name: 'Professional', monthly: '$1,500/month', yearly: '$14,400/year' },
    agency: { name: 'Agency', monthly: '$299/month', yearly: '$2,870/year' },
    enterprise: { name: 'Enterprise', pricing: 'custom pricing', billing: 'annual only' },
  },
  annualDiscountPercent: 20,
  paymentFailureDays: 14,
  refundWindowDays: 7,
  outageRefundHours: 72,
  // Service levels and notices
  uptimePercent: '99.5%',
  maintenanceNoticeHours: 48,
  materialChangeNoticeDays: 30,
  liabilityCapMonths: 12,
  supportHours: 'Monday to Friday 9-5 EST',
} as const;

const c = legalConstants;
const { starter, professional, agency, enterprise } = c.plans;

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: c.lastUpdated,
  intro: `This Privacy Policy explains what information ${c.companyName} collects when brands use ${c.productName} to answer Instagram direct messages and comments, how we use it, how long we keep it and how it can be deleted. It applies to our website, the dashboard and the assistant.`,
  sections: [
    {
      id: 'information-we-collect',
      title: 'Information We Collect',
      paragraphs: [
        'We collect only the information needed to run the service for the brands that connect their accounts to it:',
      ],
      list: [
        'Account information: your name, email address and profile image from sign-in, plus the brands you add.',
        'Instagram data: direct messages and comments sent to a connected brand account, and the public profile data (username and profile picture) of the people who write them.',
        'Store data: product names, variants, prices and stock levels read from your connected Shopify or WooCommerce store when a reply needs them.',
        'Brand settings: your brand archetype, tone, voice description, example responses and automation rules.',
        'Usage logs: technical records of how the dashboard and the assistant are used, such as request times and errors.',
        'Billing records: your plan, invoices and payment status. Card details are handled by our payment processor and are not stored by us.',
        'Demo and newsletter requests: the name, email, company and phone number you enter when you book a demo or subscribe.',
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How We Use Information',
      paragraphs: [
        `We use this information to generate replies in your brand's voice, check live stock before a reply mentions a product, send buyers a checkout link to your store, show conversations in your dashboard, review new accounts (typically within ${c.accountReviewHours} hours), bill you and provide support.`,
        "We do not sell personal information, we do not use your customers' messages to advertise to them, and we do not use one brand's conversations to write replies for another brand.",
      ],
    },
    {
      id: 'data-retention',
      title: 'Data Retention',
      paragraphs: ['We keep data only as long as it is useful for the service or required by law:'],
      list: [
        `Instagram direct messages are kept for ${c.messageRetentionDays} days, then deleted.`,
        `Instagram comments are kept for ${c.commentRetentionDays} days, then deleted.`,
        `Instagram profile data is refreshed every ${c.profileRefreshHours} hours, so we only hold the current version.`,
        `Usage logs are kept for ${c.usageLogDays} days.`,
        `Financial records such as invoices and payment history are kept for ${c.financialRecordYears} years to meet tax and accounting obligations.`,
      ],
    },
    {
      id: 'data-ownership',
      title: 'Your Data Belongs to Your Brand',
      paragraphs: [
        `Conversations, customer details and order information are first-party data of the brand that receives them. ${c.companyName} processes this data on the brand's behalf and only to provide the service.`,
        "Purchases are completed in the brand's own store checkout, so order and payment data are held by the brand's store platform, not by us.",
      ],
    },
    {
      id: 'sharing-and-service-providers',
      title: 'Sharing and Service Providers',
      paragraphs: [
        'We share information only with providers that help us run the service, under agreements that limit their use of it, and with the platforms you connect:',
      ],
      list: [
        'Meta (Instagram), to receive and send messages and comments for your connected account.',
        'Shopify or WooCommerce, to read product and stock information for your connected store.',
        'Hosting, AI model and email providers that process data on our instructions.',
        'Our payment processor, to handle subscriptions and invoices.',
        'Authorities, when we are legally required to disclose information.',
      ],
    },
    {
      id: 'security',
      title: 'Security',
      paragraphs: [
        'We protect the data we hold with measures suited to the service: the service is meant to be reached over HTTPS, passwords are stored only as salted one-way hashes, sign-in sessions are kept on our servers and stored as hashes, and access to production systems is limited to staff who need it.',
        'Store and Instagram access tokens are kept in our database so the service can act for your connected accounts; we use them only for that purpose. No system is completely secure, so please tell us at once if you suspect unauthorised access to your account.',
      ],
    },
    {
      id: 'your-rights-and-deletion',
      title: 'Your Rights and Data Deletion',
      paragraphs: [
        `You can ask to access, correct, export or delete your personal data by emailing ${c.privacyEmail}. We answer deletion requests within ${c.deletionResponseDays} days.`,
        `If you revoke ${c.companyName}'s access in your Instagram settings, the data we received from that account is removed within ${c.revocationDeletionHours} hours. Accounts inactive for ${c.inactivityDeletionDays} days are deleted automatically. Financial records are kept for the period stated above even after deletion.`,
        'People who messaged a brand through Instagram can contact that brand directly or write to us, and we will help the brand handle the request.',
      ],
    },
    {
      id: 'changes-and-contact',
      title: 'Changes and Contact',
      paragraphs: [
        `The service is intended for people aged ${c.minimumAge} or older. If we make material changes to this policy we will notify account holders by email at least ${c.materialChangeNoticeDays} days before they take effect and update the date at the top of this page.`,
        `Questions about this policy or your data can be sent to ${c.privacyEmail}.`,
      ],
    },
  ],
};

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: c.lastUpdated,
  intro: `These Terms of Service govern your use of ${c.companyName}, including the website, the dashboard and ${c.productName}. By creating an account or using the service you agree to these terms on behalf of yourself and the brand you represent.`,
  sections: [
    {
      id: 'acceptance-of-terms',
      title: 'Acceptance of Terms',
      paragraphs: [
        'By signing up for or using the service you accept these terms and our Privacy Policy. If you do not agree, do not use the service.',
      ],
    },
    {
      id: 'eligibility-and-accounts',
      title: 'Eligibility and Accounts',
      paragraphs: [
        `You must be at least ${c.minimumAge} years old and able to act for the brand whose accounts you connect. New accounts are reviewed by our team before they are activated, typically within ${c.accountReviewHours} hours, and we may decline an account that does not meet these terms.`,
        'You are responsible for keeping your sign-in secure and for all activity under your account.',
      ],
    },
    {
      id: 'the-service',
      title: 'The Service',
      paragraphs: [
        `${c.productName} answers Instagram direct messages and comments for your connected brand accounts, checks stock in your connected Shopify or WooCommerce store and sends buyers a link to your store's checkout. Purchases are made with your store, not with ${c.companyName}.`,
      ],
    },
    {
      id: 'plans-and-pricing',
      title: 'Plans and Pricing',
      paragraphs: [
        'The service is offered in the following plans. Prices exclude applicable taxes.',
        `Paying annually saves ${c.annualDiscountPercent}% compared with twelve monthly payments. The features included in each plan are shown when you choose a plan.`,
      ],
      list: [
        `${starter.name}: ${starter.monthly} or ${starter.yearly}.`,
        `${professional.name}: ${professional.monthly} or ${professional.yearly}.`,
        `${agency.name}: ${agency.monthly} or ${agency.yearly}.`,
        `${enterprise.name}: ${enterprise.pricing}, billed ${enterprise.billing}.`,
      ],
    },
    {
      id: 'billing-and-payment',
      title: 'Billing and Payment',
      paragraphs: [
        'Subscriptions are billed in advance at the start of each monthly or annual period and renew automatically until cancelled. You can cancel at any time; cancellation takes effect at the end of the current period.',
        `If a payment fails we will notify you and retry. If payment is still outstanding after ${c.paymentFailureDays} days, we may suspend or terminate your account.`,
      ],
    },
    {
      id: 'refunds',
      title: 'Refunds',
      paragraphs: ['Payments are non-refundable, except in these cases:'],
      list: [
        `If you close your account within ${c.refundWindowDays} days of your first payment, we refund that payment in full.`,
        `If the service is unavailable for more than ${c.outageRefundHours} consecutive hours for reasons within our control, we refund the fees for the affected period.`,
      ],
    },
    {
      id: 'service-availability',
      title: 'Service Availability and Maintenance',
      paragraphs: [
        `We aim for ${c.uptimePercent} monthly uptime. This is a target, not a guarantee, and it excludes outages of Instagram, Shopify, WooCommerce or other third-party services.`,
        `We give at least ${c.maintenanceNoticeHours} hours' notice of planned maintenance that may interrupt the service. Urgent security fixes may be applied without notice.`,
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable Use',
      paragraphs: ['You agree not to use the service to:'],
      list: [
        'send spam or unsolicited bulk messages, or message people who have not contacted your brand;',
        'sell illegal, counterfeit or restricted products, or make misleading claims about products;',
        'impersonate another person or brand;',
        "break Instagram's or your store platform's terms and policies;",
        "attempt to access other customers' data or interfere with the service.",
      ],
    },
    {
      id: 'third-party-platforms',
      title: 'Instagram and Third-Party Platforms',
      paragraphs: [
        `The service depends on Instagram, Shopify, WooCommerce and other platforms that we do not control. Changes to their features, access or policies may limit what ${c.productName} can do, and you remain bound by their terms when you connect them.`,
      ],
    },
    {
      id: 'ai-generated-replies',
      title: 'AI-Generated Replies',
      paragraphs: [
        'Replies are generated automatically from your brand settings, your automation rules and your store data. AI can make mistakes, so review your settings, monitor conversations and correct wrong information promptly.',
        'You are responsible for the accuracy of the product, price and stock information in your store and for the replies sent from your accounts.',
      ],
    },
    {
      id: 'data-and-content-ownership',
      title: 'Your Data and Content',
      paragraphs: [
        `You keep ownership of your brand content, settings and the customer conversations received through your accounts. You give ${c.companyName} a limited licence to process them only to provide the service, as described in our Privacy Policy.`,
        `${c.companyName} keeps ownership of the software, the dashboard and the assistant.`,
      ],
    },
    {
      id: 'termination',
      title: 'Suspension and Termination',
      paragraphs: [
        'You may close your account at any time. We may suspend or terminate accounts that break these terms, put other users or the service at risk, or remain unpaid as described in Billing and Payment.',
        `After termination, your data is deleted as described in our Privacy Policy; accounts inactive for ${c.inactivityDeletionDays} days are deleted automatically.`,
      ],
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of Liability',
      paragraphs: [
        'The service is provided "as is". To the extent permitted by law, we are not liable for indirect or consequential losses such as lost sales or lost profits.',
        `Our total liability for any claim relating to the service is limited to the amounts you paid us in the last ${c.liabilityCapMonths} months before the claim arose.`,
      ],
    },
    {
      id: 'changes-to-terms',
      title: 'Changes to These Terms',
      paragraphs: [
        `We may update these terms. For material changes we will notify you by email at least ${c.materialChangeNoticeDays} days before they take effect. Continuing to use the service after that date means you accept the updated terms.`,
      ],
    },
    {
      id: 'support-and-contact',
      title: 'Support and Contact',
      paragraphs: [
        `Support is available ${c.supportHours} at ${c.supportEmail}. Privacy questions can be sent to ${c.privacyEmail}.`,
      ],
    },
  ],
};

export const dataDeletion: DataDeletionPage = {
  title: 'Data Deletion',
  updated: c.lastUpdated,
  intro: `You can have the data ${c.companyName} holds about you or your brand deleted at any time. Choose the option that suits you below.`,
  options: [
    {
      id: 'email-request',
      title: 'Email a deletion request',
      description: `Write to ${c.privacyEmail} from your account email with your Instagram username and brand name. We answer deletion requests within ${c.deletionResponseDays} days.`,
      action: {
        label: `Email ${c.privacyEmail}`,
        href: `mailto:${c.privacyEmail}?subject=Data%20Deletion%20Request`,
      },
    },
    {
      id: 'revoke-instagram-access',
      title: 'Revoke access in Instagram settings',
      description: `Remove ${c.companyName} from the apps connected to your Instagram account. The data we received from that account is removed within ${c.revocationDeletionHours} hours.`,
      steps: [
        'Open Instagram and go to your profile.',
        'Tap the menu icon and open Settings and activity.',
        'Choose Website permissions, then Apps and websites.',
        `Under Active, select ${c.companyName} and tap Remove.`,
      ],
    },
    {
      id: 'automatic-deletion',
      title: 'Automatic deletion after inactivity',
      description: `If an account stays inactive for ${c.inactivityDeletionDays} days, with no sign-ins and no connected Instagram account, we delete its data automatically. You don't need to do anything.`,
    },
  ],
  faq: [
    {
      question: 'What data is deleted?',
      answer:
        'Your account details, brand settings, automation rules, stored Instagram messages and comments, and the profile data of the people who wrote them.',
    },
    {
      question: 'Is anything kept after deletion?',
      answer: `Financial records such as invoices are kept for ${c.financialRecordYears} years because tax and accounting law requires it. They are not used for anything else.`,
    },
    {
      question: "How long do you keep messages and comments if I don't ask for deletion?",
      answer: `Instagram messages are kept for ${c.messageRetentionDays} days and comments for ${c.commentRetentionDays} days, then deleted automatically. Profile data is refreshed every ${c.profileRefreshHours} hours and usage logs are kept for ${c.usageLogDays} days.`,
    },
    {
      question: 'Does deleting my data affect orders in my store?',
      answer: `No. Orders are placed in your own Shopify or WooCommerce store, so they stay there. Deleting ${c.companyName} data does not change your store.`,
    },
    {
      question: `I messaged a brand that uses ${c.companyName}. How do I remove my messages?`,
      answer: `Ask the brand, or email ${c.privacyEmail} with your Instagram username and the brand's name. We answer within ${c.deletionResponseDays} days.`,
    },
    {
      question: 'Can I reconnect after revoking access?',
      answer: `Yes. You can reconnect your Instagram account from the dashboard at any time. Data removed within the ${c.revocationDeletionHours} hours after revocation cannot be restored, so the assistant starts with new conversations only.`,
    },
  ],
};
