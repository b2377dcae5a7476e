// The studio side of the API: the platform's rules (GET /api/platform), a wallet's studio overview
// and settings (/api/studios/:wallet), verification applications and the admin's decisions
// (/api/verification/applications), a film's edited metadata document (POST /api/projects/:id/metadata) and
// the generic write path of program transactions the app sent itself (POST /api/transactions).
// Writes for a wallet need that wallet's session; the admin's decisions need the admin's.
import * as contract from '@marquee/api-contract';
import { CHAIN_LOOKUP, ApiRoutes, get, put, post } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { currentSession, requireSession, requireWallet } from '../../auth/guard.ts';
import { certificates, platform, studioProfiles, verification, type Executor } from '../../db/index.ts';
import { chainSeconds, type ClusterContext } from '../../cluster.ts';
import { fail } from '../errors.ts';
import { chainAddressOf, isPlatformAdmin, requireAdmin } from '../admin.ts';
import { listAnswer } from '../page-cursor.ts';
import type { KeysetPage } from '../../db/keyset.ts';
import {
  applicationBody,
  applicationIdParams,
  approvalBody,
  idParams,
  listingEditBody,
  rejectionBody,
  studioProfileBody,
  transactionBody,
  walletParams,
  pageQuery,
} from '../schemas.ts';
import { getProject } from '../../read-models/projects.ts';
import { isoDate, toUsd } from '../../read-models/units.ts';
import { metadataUri, readMetadata, storeMetadata } from '../../read-models/metadata.ts';
import { editedListing, NOTHING_TO_UPDATE } from '../../listing-edit.ts';
import { verifiedEvents } from '../verify.ts';
import type { StoredEvent } from '../../ingest/projector.ts';
import { EVENT_NAMES } from '@marquee/program-client';
import { adminHolder } from '../../roles/platform-admin.ts';
import { NO_MAIL } from '../../notifications/mail.ts';
import { verificationMail, type DecisionMail } from '../../notifications/verification-notice.ts';

async function studioAccount(ctx: ClusterContext, db: Executor, authority: string) {
  const row = await platform.studioByAuthority(db, authority);
  if (!row) return null;
  const rules = await platform.rules(db);
  const cap = row.funding_cap_lamports ?? (row.verified ? rules?.verified_funding_cap_lamports : rules?.unverified_funding_cap_lamports) ?? 0;
  return {
    address: row.address,
    authority: row.authority,
    name: row.name,
    verified: row.verified === 1,
    fundingCap: toUsd(cap),
    fundingCapLamports: String(cap),
    registeredAt: isoDate(row.registered_at)!,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  };
}

async function applicationShape(ctx: ClusterContext, db: Executor, application: verification.Application) {
  return {
    id: application.id,
    walletAddress: application.walletAddress,
    chainAddress: application.chainAddress,
    studioName: application.studioName,
    contactEmail: application.contactEmail,
    website: application.website,
    description: application.description,
    documents: application.documents,
    status: application.status,
    rejectionReason: application.rejectionReason,
    submittedAt: isoDate(application.submittedAt)!,
    reviewedAt: isoDate(application.reviewedAt),
    approvalTxHash: application.approvalSignature,
    studio: await studioAccount(ctx, db, application.chainAddress),
  };
}

/** The part of an application anyone may read (contract.applicationPublic): no contact e-mail, website, description nor documents. */
function publicApplication(application: Awaited<ReturnType<typeof applicationShape>>) {
  const { id, walletAddress, chainAddress, studioName, status, submittedAt, reviewedAt, studio } = application;
  return { id, walletAddress, chainAddress, studioName, status, submittedAt, reviewedAt, studio };
}

/**
 * `supportEmail`: the configured support address (MARQUEE_SUPPORT_EMAIL), or null; `emailNotices`:
 * whether decisions are emailed too (a mail transport is configured).
 */
export function platformRoutes(now: () => number, supportEmail: string | null, emailNotices = false) {
  return new ApiRoutes().endpoint(
    get('/', "The platform's admin, caps and funding window", { response: contract.platform, errors: { 404: 'not initialised' } }),
    async (c) => {
      const rules = await platform.rules(c.var.cluster.db);
      if (!rules) fail(404, 'The platform is not initialised on this cluster');
      const holder = await adminHolder(c.var.cluster.db);
      return c.json({
        admin: rules.admin,
        treasury: rules.treasury,
        minInvestmentLamports: String(rules.min_investment_lamports),
        unverifiedFundingCapLamports: String(rules.unverified_funding_cap_lamports),
        verifiedFundingCapLamports: String(rules.verified_funding_cap_lamports),
        unverifiedFundingCap: toUsd(rules.unverified_funding_cap_lamports),
        verifiedFundingCap: toUsd(rules.verified_funding_cap_lamports),
        // A deadline must be in the future and at most max_funding_days ahead (create_project's rule).
        minFundingWindowDays: 0,
        maxFundingWindowDays: await platform.maxFundingDays(c.var.cluster.db),
        adminWallet: holder?.walletAddress ?? null,
        adminSource: holder?.source ?? null,
        chainNow: isoDate(chainSeconds(c.var.cluster, now))!,
        supportEmail,
        emailNotices,
      });
    },
  );
}

export function studioRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get('/{walletAddress}', "A wallet's studio: on chain, settings, verification application, isAdmin", {
        description:
          "The application's contact e-mail, website and documents are private: answered only to that wallet's session and the platform admin's (StudioOverviewPrivate); anyone else reads StudioOverviewPublic.",
        params: walletParams,
        response: contract.studioOverviewAnswer,
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const db = ctx.db;
        const { walletAddress } = c.req.valid('param');
        const chainAddress = await chainAddressOf(db, walletAddress);
        const [studio, profile, application] = await Promise.all([
          studioAccount(ctx, db, chainAddress),
          studioProfiles.getProfile(db, walletAddress),
          verification.latestOf(db, walletAddress),
        ]);
        const viewer = (await currentSession(c))?.walletAddress;
        const mayReadApplication = viewer !== undefined && (viewer === walletAddress || (await isPlatformAdmin(db, viewer)));
        const shaped = application ? await applicationShape(ctx, db, application) : null;
        return c.json({
          walletAddress,
          chainAddress,
          isAdmin: await isPlatformAdmin(db, walletAddress),
          studio,
          profile: profile ? { name: profile.name, description: profile.description, updatedAt: isoDate(profile.updatedAt)! } : null,
          application: shaped && !mayReadApplication ? publicApplication(shaped) : shaped,
        });
      },
    )
    .endpoint(
      put('/{walletAddress}/profile', "Save the studio's settings; needs that wallet's session", {
        middleware: [signedWrite()],
        params: walletParams,
        body: studioProfileBody,
        response: contract.studioProfile,
        errors: { ...SIGNED_WRITE, 401: 'not signed in', 403: 'another wallet' },
      }),
      async (c) => {
        const { walletAddress } = c.req.valid('param');
        await requireWallet(c, walletAddress);
        const saved = await studioProfiles.saveProfile(c.var.cluster.db, walletAddress, c.req.valid('json'), Math.floor(now() / 1000));
        return c.json({ name: saved.name, description: saved.description, updatedAt: isoDate(saved.updatedAt)! });
      },
    );
}

/**
 * `decisions`: where a decided application's notice is emailed besides the bell (the configured mail
 * transport, none by default) and the Verification page's address the email links to.
 */
export function verificationRoutes(now: () => number, decisions: DecisionMail = { mailer: NO_MAIL }) {
  /** The decision's email, sent in the background: a slow or failing mail server never holds or fails the answer. */
  const mailDecision = (application: verification.Application) => void decisions.mailer.send(verificationMail(application, decisions.pageUrl));
  return new ApiRoutes()
    .endpoint(
      get('/applications', "Every studio's latest application, open ones first, then newest (the platform admin's session)", {
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/verification/applications'],
        errors: { 401: 'not signed in', 403: 'not the platform admin' },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const db = ctx.db;
        await requireAdmin(c, 'reviews studio applications');
        const shapes = (applications: verification.Application[]) => Promise.all(applications.map((application) => applicationShape(ctx, db, application)));
        const list = async () => shapes(await verification.listLatest(db));
        const pageOf = async (page: KeysetPage) => {
          const found = await verification.pageLatest(db, page);
          return { rows: await shapes(found.rows), next: found.next };
        };
        return c.json(await listAnswer(c.req.valid('query'), verification.LATEST_APPLICATION_ORDER, list, pageOf));
      },
    )
    .endpoint(
      post('/applications', "Apply for studio verification; needs that wallet's session", {
        middleware: [signedWrite()],
        description:
          "Each document's url must be the media store's address of its own sha256 (/api/media/{sha256}), a rule across two fields the schema cannot state: a 400 'documents.N: The document URL must be its sha256' otherwise.",
        body: applicationBody,
        response: contract.application,
        status: 201,
        errors: { ...SIGNED_WRITE, 400: 'bad input, or a document whose url is not its sha256',
          401: 'not signed in',
          403: 'another wallet',
          409: 'an application waits for review',
        },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const db = ctx.db;
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const chainAddress = await chainAddressOf(db, body.walletAddress);
        if ((await studioAccount(ctx, db, chainAddress))?.verified) fail(400, 'This studio is already verified');
        const latest = await verification.latestOf(db, body.walletAddress);
        if (latest?.status === 'submitted') fail(409, 'An application of this studio is already waiting for review');
        const submitted = await verification.submit(db, { ...body, chainAddress, submittedAt: Math.floor(now() / 1000) });
        return c.json(await applicationShape(ctx, db, submitted), 201);
      },
    )
    .endpoint(
      post('/applications/{id}/reject', 'The admin rejects an application with a reason the studio reads', {
        params: applicationIdParams,
        body: rejectionBody,
        response: contract.application,
        errors: { 403: 'not the platform admin', 404: 'Application not found', 409: 'already decided' },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const db = ctx.db;
        await requireAdmin(c, 'reviews studio applications');
        const { id } = c.req.valid('param');
        if (!(await verification.getApplication(db, id))) fail(404, 'Application not found');
        if (!(await verification.decide(db, id, { status: 'rejected', reason: c.req.valid('json').reason }, Math.floor(now() / 1000)))) {
          fail(409, 'This application was already decided');
        }
        const decided = (await verification.getApplication(db, id))!;
        mailDecision(decided);
        return c.json(await applicationShape(ctx, db, decided));
      },
    )
    .endpoint(
      post('/applications/{id}/approve', 'The admin approves an application with the verify_studio transaction that verified the studio', {
        middleware: [signedWrite('txVerifications')],
        params: applicationIdParams,
        body: approvalBody,
        response: contract.application,
        errors: { ...SIGNED_WRITE, 400: 'transaction does not verify this studio',
          403: 'not the platform admin',
          404: 'Application not found',
          409: 'already decided',
          ...CHAIN_LOOKUP,
        },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const db = ctx.db;
        await requireAdmin(c, 'reviews studio applications');
        const { id } = c.req.valid('param');
        const { txHash } = c.req.valid('json');
        const application = await verification.getApplication(db, id);
        if (!application) fail(404, 'Application not found');
        // The approval is the admin's verify_studio of this studio's account, setting it verified.
        await verifiedEvents(
          ctx,
          txHash,
          ['StudioVerified'],
          (event: StoredEvent) => event.data.authority === application.chainAddress && event.data.verified === true,
        );
        if (!(await verification.decide(db, id, { status: 'approved', signature: txHash }, Math.floor(now() / 1000)))) {
          fail(409, 'This application was already decided');
        }
        const decided = (await verification.getApplication(db, id))!;
        mailDecision(decided);
        return c.json(await applicationShape(ctx, db, decided));
      },
    );
}

/**
 * POST /api/projects/:id/metadata: the film's studio stores its edited metadata document and gets
 * its URI and sha256 for update_project_metadata, which the app sends; once that transaction is
 * ingested (POST /api/transactions) the film shows the document. (Demo mode: /api/demo/update-metadata.)
 */
export function listingEditRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get('/{id}/certificates', "A film's licence certificates (Token-2022 mints), newest first", {
        params: idParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/projects/{id}/certificates'],
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const { id } = c.req.valid('param');
        const shape = (certificate: certificates.Certificate) => ({
          mint: certificate.mint,
          projectId: certificate.projectId,
          owner: certificate.owner,
          txHash: certificate.signature,
          mintedAt: isoDate(certificate.mintedAt),
          explorerUrl: ctx.explorerTxUrl?.(certificate.signature) ?? null,
        });
        const list = () => certificates.certificatesOf(ctx.db, id);
        return c.json(
          await listAnswer(c.req.valid('query'), certificates.CERTIFICATE_ORDER, list, (page) => certificates.pageCertificates(ctx.db, id, page), shape),
        );
      },
    )
    .endpoint(
      post('/{id}/metadata', "The film's studio stores its edited metadata document: { uri, sha256 } for update_project_metadata; needs the studio's session", {
        middleware: [signedWrite('metadata')],
        params: idParams,
        body: listingEditBody,
        response: contract.storedDocument,
        status: 201,
        errors: { ...SIGNED_WRITE, 400: 'nothing changed', 401: 'not signed in', 403: 'not the film’s studio', 404: 'Project not found' },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const origin = c.get('publicOrigin');
        const project = await getProject(ctx, origin, now(), c.req.valid('param').id);
        if (!project) fail(404, 'Project not found');
        const session = await requireSession(c);
        if ((await chainAddressOf(ctx.db, session.walletAddress)) !== project.studioAuthority) fail(403, 'Only the studio that listed this film can edit it');
        const document = editedListing(await readMetadata(ctx, project.metadataHash), c.req.valid('json'), project.title);
        const sha256 = await storeMetadata(ctx, document, now());
        if (sha256 === project.metadataHash) fail(400, NOTHING_TO_UPDATE);
        return c.json({ uri: metadataUri(ctx, origin, sha256), sha256 }, 201);
      },
    );
}

/**
 * POST /api/transactions: any program transaction the app sent itself (a listing, a studio
 * registration or verification, a refund) is looked up on the cluster and ingested at once.
 */
export function transactionRoutes() {
  return new ApiRoutes().endpoint(
    post('/', 'Verify and ingest any program transaction the app sent (listing, studio, metadata edit, refund)', {
      middleware: [signedWrite('txVerifications')],
      body: transactionBody,
      response: contract.ingestedTransaction,
      errors: { ...SIGNED_WRITE, 400: 'not a Marquee transaction', 404: 'transaction not found', ...CHAIN_LOOKUP },
    }),
    async (c) => {
      const { txHash } = c.req.valid('json');
      const events = await verifiedEvents(c.var.cluster, txHash, EVENT_NAMES);
      return c.json({ signature: txHash, events: events.map((event) => ({ name: event.name, data: event.data })) });
    },
  );
}
