// The API's answers as TypeScript types, inferred from the schemas the routes declare (responses.ts):
// what the app imports instead of writing the shapes again.
import type { z } from 'zod';
import type * as schema from './responses.ts';

type Answer<Schema extends z.ZodType> = z.output<Schema>;
type ItemOf<List> = List extends Array<infer Item> ? Item : never;

export type Project = Answer<typeof schema.project>;
export type ProjectStatus = Project['status'];
export type Investment = Answer<typeof schema.investmentWithProject>;
export type User = Answer<typeof schema.user>;

export type UnclaimedDistribution = Answer<typeof schema.investorDistribution>;
export type UnclaimedRevenue = Answer<typeof schema.unclaimedRevenue>;
export type RevenueByProject = Answer<typeof schema.revenueEntry>;
export type RevenueTransaction = Answer<typeof schema.revenueTransaction>;
export type UserRevenue = Answer<(typeof schema.LIST_RESPONSES)['/api/revenue/user/{userId}']>;
export type PlatformDistribution = Answer<typeof schema.distribution>;
export type RevenueClaimResult = Answer<typeof schema.revenueClaim>;

export type EmbedRecord = Answer<typeof schema.embed>;
export type PublisherEmbed = EmbedRecord;
export type PublisherWebsite = Answer<typeof schema.website>;
/** A key as listed; `key` and `catalogueSnippet` only in the answer that created it. */
export type PublisherApiKey = Answer<typeof schema.apiKey> & Partial<Pick<Answer<typeof schema.newApiKey>, 'key' | 'catalogueSnippet'>>;
export type PublisherAnalytics = Answer<(typeof schema.LIST_RESPONSES)['/api/publishers/{walletAddress}/analytics']>;

export type PlatformInfo = Answer<typeof schema.platform>;
export type Notification = Answer<typeof schema.notification>;
export type NotificationKind = Notification['kind'];
export type NotificationList = Answer<typeof schema.notifications>;
export type NotificationsRead = Answer<typeof schema.notificationsRead>;
export type VerificationApplication = Answer<typeof schema.application>;
export type VerificationDocument = ItemOf<VerificationApplication['documents']>;
export type ApplicationStatus = VerificationApplication['status'];
export type StudioAccount = Answer<typeof schema.studioAccount>;
export type StudioProfile = Answer<typeof schema.studioProfile>;
export type StudioOverview = Answer<typeof schema.studioOverview>;
export type StudioOverviewPublic = Answer<typeof schema.studioOverviewPublic>;
export type VerificationApplicationPublic = Answer<typeof schema.applicationPublic>;

export type CampaignSummary = Answer<typeof schema.campaign>;
export type CampaignPublic = Answer<typeof schema.campaignPublic>;
export type CampaignDetail = Answer<typeof schema.campaignDetail>;
export type AdType = CampaignSummary['adType'];
export type CampaignStatus = CampaignSummary['status'];

export type StoredMedia = Answer<typeof schema.storedMedia>;
export type DemoWallet = Answer<typeof schema.demoWallet>;

export type FundingPoint = Answer<typeof schema.fundingPoint>;
export type DailyPoint = Answer<typeof schema.dailyPoint>;
export type RevenueSplit = Answer<typeof schema.revenueSplit>;
export type FilmFigures = Answer<typeof schema.filmFigures>;
export type PlatformAnalytics = Answer<(typeof schema.LIST_RESPONSES)['/api/analytics/platform']>;
export type ProjectAnalytics = Answer<typeof schema.projectAnalytics>;
export type WalletAnalytics = Answer<typeof schema.walletAnalytics>;

export type TeamMember = Answer<typeof schema.teamMember>;
export type TopInvestor = Answer<typeof schema.topInvestor>;
export type HubSummary = Answer<(typeof schema.LIST_RESPONSES)['/api/collaboration/{projectId}']>;
export type ChatMessage = Answer<typeof schema.chatMessage>;
export type LinkAttachment = NonNullable<ChatMessage['attachment']>;
export type ProjectUpdate = Answer<typeof schema.update>;
export type Poll = Answer<typeof schema.poll>;
export type PollOption = ItemOf<Poll['options']>;
export type HubListing = Answer<typeof schema.hub>;
