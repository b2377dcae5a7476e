//! The program's errors: Anchor custom error codes from 6000, in the order of the IDL's `errors`
//! (programs/marquee/idl/generate.mjs). Every failure of the program is one of these.

use pinocchio::error::ProgramError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum MarqueeError {
    /// Unknown instruction
    InvalidInstruction = 6000,
    /// Instruction data could not be decoded
    InvalidInstructionData = 6001,
    /// Not enough accounts were passed
    NotEnoughAccounts = 6002,
    /// A required signer did not sign
    MissingSignature = 6003,
    /// An account that must be writable is read-only
    AccountNotWritable = 6004,
    /// The signer is not allowed to perform this action
    Unauthorized = 6005,
    /// The account is already initialized
    AlreadyInitialized = 6006,
    /// An account is not owned by the expected program
    InvalidAccountOwner = 6007,
    /// An account does not hold the expected data
    InvalidAccountData = 6008,
    /// An account is not the expected program address
    InvalidPda = 6009,
    /// A program account is not the expected program
    InvalidProgram = 6010,
    /// The event authority is not the program's event authority
    InvalidEventAuthority = 6011,
    /// The revenue split must sum to 10000 basis points
    InvalidRevenueSplit = 6012,
    /// The minimum investment must be above zero
    InvalidMinimumInvestment = 6013,
    /// Funding caps must be at least the minimum funding goal, and the verified cap at least the unverified one
    InvalidFundingCap = 6014,
    /// A text field is longer than allowed
    StringTooLong = 6015,
    /// A text field is empty
    StringEmpty = 6016,
    /// The funding goal is below the minimum of 0.001 SOL
    FundingGoalTooSmall = 6017,
    /// The funding goal is above the studio's funding cap
    FundingGoalAboveCap = 6018,
    /// The deadline must be in the future
    DeadlineInPast = 6019,
    /// The project is not accepting investments
    ProjectNotFunding = 6020,
    /// The funding deadline has passed
    DeadlinePassed = 6021,
    /// The investment is below the minimum
    InvestmentBelowMinimum = 6022,
    /// The investment exceeds what is left to the funding goal
    InvestmentExceedsGoal = 6023,
    /// The project is not funded
    ProjectNotFunded = 6024,
    /// The raised funds were already released to the studio
    FundsAlreadyReleased = 6025,
    /// Refunds open only after the deadline of an unfunded project
    DeadlineNotPassed = 6026,
    /// The share mint is not this project's mint
    InvalidMint = 6027,
    /// The vault is not this project's vault
    InvalidVault = 6028,
    /// The share token account is not the investor's associated token account
    InvalidTokenAccount = 6029,
    /// The treasury is not the platform treasury
    InvalidTreasury = 6030,
    /// The revenue amount must be above zero
    InvalidRevenueAmount = 6031,
    /// The number of views does not match the number of embed accounts
    ViewsMismatch = 6032,
    /// Too many embeds in one distribution
    TooManyEmbeds = 6033,
    /// An embed appears twice in one distribution
    DuplicateEmbed = 6034,
    /// The embed belongs to another project
    EmbedProjectMismatch = 6035,
    /// The website URL must start with http:// or https:// and contain no spaces
    InvalidWebsiteUrl = 6036,
    /// There is nothing to claim
    NothingToClaim = 6037,
    /// The project has no shares to distribute revenue to
    NoShares = 6038,
    /// Arithmetic overflow
    ArithmeticOverflow = 6039,
    /// The vault holds less than it owes
    InsufficientVaultBalance = 6040,
    /// A text field is not valid UTF-8
    StringNotUtf8 = 6041,
    /// The embed id must be 1 to 64 letters, digits, dots, underscores or hyphens
    InvalidEmbedId = 6042,
    /// The all-zero address cannot hold a platform role
    ZeroAddress = 6043,
    /// The program data account is not this program's
    InvalidProgramData = 6044,
    /// The funding window must be between 1 and 365 days
    InvalidFundingWindow = 6045,
    /// The deadline is beyond the platform's funding window
    DeadlineTooFar = 6046,
    /// The treasury would hold less than its rent-exempt minimum
    TreasuryNotRentExempt = 6047,
    /// The payout would leave the recipient below its rent-exempt minimum
    RecipientNotRentExempt = 6048,
    /// A studio cannot invest in its own project
    StudioCannotInvest = 6049,
    /// One account was passed where two different accounts are needed
    DuplicateAccount = 6050,
    /// The ad type must be display, video or sponsorship
    InvalidAdType = 6051,
    /// Display and video campaigns pay the standard price per mille; a sponsorship's price must be above zero
    InvalidCampaignPrice = 6052,
    /// A sponsorship names one project; display and video campaigns name none
    InvalidSponsoredProject = 6053,
    /// The budget must pay for at least one settlement batch (1,000 impressions)
    CampaignBudgetTooSmall = 6054,
    /// The campaign must end after it starts, and in the future
    InvalidCampaignWindow = 6055,
    /// The amount must be above zero
    InvalidCampaignAmount = 6056,
    /// The campaign has ended
    CampaignEnded = 6057,
    /// The campaign has not started
    CampaignNotStarted = 6058,
    /// The campaign's settlement grace period is over
    CampaignSettlementClosed = 6059,
    /// The batch costs more than the campaign has left
    CampaignBudgetExceeded = 6060,
    /// The sponsorship is bound to another project
    SponsoredProjectMismatch = 6061,
    /// The embeds' views exceed the impressions settled
    ViewsExceedImpressions = 6062,
    /// A campaign closes only after its end and the settlement grace period
    CampaignGracePeriodNotOver = 6063,
    /// The metadata hash must not be all zeros
    InvalidMetadataHash = 6064,
    /// The new metadata URI and hash are the ones the project already records
    MetadataUnchanged = 6065,
    /// The investor's share account does not exist: create it with the Associated Token program's CreateIdempotent before invest
    ShareAccountNotCreated = 6066,
    /// A campaign runs at most 366 days
    CampaignTooLong = 6067,
    /// The maximum spend per day must pay for at least one settlement batch and its distribution's rent
    InvalidDailySpendCap = 6068,
    /// The batch would take the campaign's spend this day beyond its maximum spend per day
    CampaignDailyCapExceeded = 6069,
    /// The batch id must be above the campaign's last settled batch id
    BatchOutOfOrder = 6070,
    /// The film's genres are not among the campaign's target genres
    GenreMismatch = 6071,
    /// The genre mask sets a bit beyond the platform's genre list
    InvalidGenreMask = 6072,
}

impl From<MarqueeError> for ProgramError {
    fn from(error: MarqueeError) -> Self {
        ProgramError::Custom(error as u32)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;

    use super::MarqueeError;

    /// The IDL (what clients decode errors with) lists every variant under the same code.
    #[test]
    fn codes_match_the_idl() {
        let idl = include_str!("../idl/marquee.json");
        let variants = [
            (MarqueeError::InvalidInstruction, "InvalidInstruction"),
            (MarqueeError::InvalidInstructionData, "InvalidInstructionData"),
            (MarqueeError::NotEnoughAccounts, "NotEnoughAccounts"),
            (MarqueeError::MissingSignature, "MissingSignature"),
            (MarqueeError::AccountNotWritable, "AccountNotWritable"),
            (MarqueeError::Unauthorized, "Unauthorized"),
            (MarqueeError::AlreadyInitialized, "AlreadyInitialized"),
            (MarqueeError::InvalidAccountOwner, "InvalidAccountOwner"),
            (MarqueeError::InvalidAccountData, "InvalidAccountData"),
            (MarqueeError::InvalidPda, "InvalidPda"),
            (MarqueeError::InvalidProgram, "InvalidProgram"),
            (MarqueeError::InvalidEventAuthority, "InvalidEventAuthority"),
            (MarqueeError::InvalidRevenueSplit, "InvalidRevenueSplit"),
            (MarqueeError::InvalidMinimumInvestment, "InvalidMinimumInvestment"),
            (MarqueeError::InvalidFundingCap, "InvalidFundingCap"),
            (MarqueeError::StringTooLong, "StringTooLong"),
            (MarqueeError::StringEmpty, "StringEmpty"),
            (MarqueeError::FundingGoalTooSmall, "FundingGoalTooSmall"),
            (MarqueeError::FundingGoalAboveCap, "FundingGoalAboveCap"),
            (MarqueeError::DeadlineInPast, "DeadlineInPast"),
            (MarqueeError::ProjectNotFunding, "ProjectNotFunding"),
            (MarqueeError::DeadlinePassed, "DeadlinePassed"),
            (MarqueeError::InvestmentBelowMinimum, "InvestmentBelowMinimum"),
            (MarqueeError::InvestmentExceedsGoal, "InvestmentExceedsGoal"),
            (MarqueeError::ProjectNotFunded, "ProjectNotFunded"),
            (MarqueeError::FundsAlreadyReleased, "FundsAlreadyReleased"),
            (MarqueeError::DeadlineNotPassed, "DeadlineNotPassed"),
            (MarqueeError::InvalidMint, "InvalidMint"),
            (MarqueeError::InvalidVault, "InvalidVault"),
            (MarqueeError::InvalidTokenAccount, "InvalidTokenAccount"),
            (MarqueeError::InvalidTreasury, "InvalidTreasury"),
            (MarqueeError::InvalidRevenueAmount, "InvalidRevenueAmount"),
            (MarqueeError::ViewsMismatch, "ViewsMismatch"),
            (MarqueeError::TooManyEmbeds, "TooManyEmbeds"),
            (MarqueeError::DuplicateEmbed, "DuplicateEmbed"),
            (MarqueeError::EmbedProjectMismatch, "EmbedProjectMismatch"),
            (MarqueeError::InvalidWebsiteUrl, "InvalidWebsiteUrl"),
            (MarqueeError::NothingToClaim, "NothingToClaim"),
            (MarqueeError::NoShares, "NoShares"),
            (MarqueeError::ArithmeticOverflow, "ArithmeticOverflow"),
            (MarqueeError::InsufficientVaultBalance, "InsufficientVaultBalance"),
            (MarqueeError::StringNotUtf8, "StringNotUtf8"),
            (MarqueeError::InvalidEmbedId, "InvalidEmbedId"),
            (MarqueeError::ZeroAddress, "ZeroAddress"),
            (MarqueeError::InvalidProgramData, "InvalidProgramData"),
            (MarqueeError::InvalidFundingWindow, "InvalidFundingWindow"),
            (MarqueeError::DeadlineTooFar, "DeadlineTooFar"),
            (MarqueeError::TreasuryNotRentExempt, "TreasuryNotRentExempt"),
            (MarqueeError::RecipientNotRentExempt, "RecipientNotRentExempt"),
            (MarqueeError::StudioCannotInvest, "StudioCannotInvest"),
            (MarqueeError::DuplicateAccount, "DuplicateAccount"),
            (MarqueeError::InvalidAdType, "InvalidAdType"),
            (MarqueeError::InvalidCampaignPrice, "InvalidCampaignPrice"),
            (MarqueeError::InvalidSponsoredProject, "InvalidSponsoredProject"),
            (MarqueeError::CampaignBudgetTooSmall, "CampaignBudgetTooSmall"),
            (MarqueeError::InvalidCampaignWindow, "InvalidCampaignWindow"),
            (MarqueeError::InvalidCampaignAmount, "InvalidCampaignAmount"),
            (MarqueeError::CampaignEnded, "CampaignEnded"),
            (MarqueeError::CampaignNotStarted, "CampaignNotStarted"),
            (MarqueeError::CampaignSettlementClosed, "CampaignSettlementClosed"),
            (MarqueeError::CampaignBudgetExceeded, "CampaignBudgetExceeded"),
            (MarqueeError::SponsoredProjectMismatch, "SponsoredProjectMismatch"),
            (MarqueeError::ViewsExceedImpressions, "ViewsExceedImpressions"),
            (MarqueeError::CampaignGracePeriodNotOver, "CampaignGracePeriodNotOver"),
            (MarqueeError::InvalidMetadataHash, "InvalidMetadataHash"),
            (MarqueeError::MetadataUnchanged, "MetadataUnchanged"),
            (MarqueeError::ShareAccountNotCreated, "ShareAccountNotCreated"),
            (MarqueeError::CampaignTooLong, "CampaignTooLong"),
            (MarqueeError::InvalidDailySpendCap, "InvalidDailySpendCap"),
            (MarqueeError::CampaignDailyCapExceeded, "CampaignDailyCapExceeded"),
            (MarqueeError::BatchOutOfOrder, "BatchOutOfOrder"),
            (MarqueeError::GenreMismatch, "GenreMismatch"),
            (MarqueeError::InvalidGenreMask, "InvalidGenreMask"),
        ];
        for (variant, name) in variants {
            let entry = format!("\"code\": {},\n      \"name\": \"{}\"", variant as u32, name);
            assert!(idl.contains(&entry), "{name} is not error {} in the IDL", variant as u32);
        }
        assert_eq!(idl.matches("\"code\": ").count(), variants.len());
    }
}
