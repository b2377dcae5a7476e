//! Anchor discriminators: the first 8 bytes of sha256("global:<ix>"), sha256("account:<Name>"),
//! sha256("event:<Name>"). Host tests recompute each one.

pub mod instruction {
    pub const INITIALIZE_PLATFORM: [u8; 8] = [119, 201, 101, 45, 75, 122, 89, 3];
    pub const UPDATE_PLATFORM: [u8; 8] = [46, 78, 138, 189, 47, 163, 120, 85];
    pub const ACCEPT_ADMIN: [u8; 8] = [112, 42, 45, 90, 116, 181, 13, 170];
    pub const REGISTER_STUDIO: [u8; 8] = [177, 21, 173, 168, 66, 89, 79, 62];
    pub const VERIFY_STUDIO: [u8; 8] = [125, 76, 253, 35, 1, 144, 247, 210];
    pub const CREATE_PROJECT: [u8; 8] = [148, 219, 181, 42, 221, 114, 145, 190];
    pub const INVEST: [u8; 8] = [13, 245, 180, 103, 254, 182, 121, 4];
    pub const CLAIM_LICENSE: [u8; 8] = [26, 145, 217, 102, 189, 3, 101, 55];
    pub const REFUND: [u8; 8] = [2, 96, 183, 251, 63, 208, 46, 46];
    pub const REGISTER_EMBED: [u8; 8] = [221, 103, 212, 83, 126, 165, 217, 187];
    pub const DISTRIBUTE_REVENUE: [u8; 8] = [94, 34, 239, 201, 147, 227, 29, 30];
    pub const CLAIM_REVENUE: [u8; 8] = [4, 22, 151, 70, 183, 79, 73, 189];
    pub const CLAIM_PUBLISHER_REVENUE: [u8; 8] = [20, 72, 173, 182, 235, 101, 227, 207];
    pub const CREATE_CAMPAIGN: [u8; 8] = [111, 131, 187, 98, 160, 193, 114, 244];
    pub const TOP_UP_CAMPAIGN: [u8; 8] = [192, 109, 72, 2, 172, 87, 136, 176];
    pub const SET_CAMPAIGN_PAUSED: [u8; 8] = [98, 85, 45, 109, 202, 149, 184, 67];
    pub const CLOSE_CAMPAIGN: [u8; 8] = [65, 49, 110, 7, 63, 238, 206, 77];
    pub const SETTLE_CAMPAIGN: [u8; 8] = [118, 148, 120, 120, 113, 252, 70, 175];
    pub const UPDATE_PROJECT_METADATA: [u8; 8] = [72, 164, 85, 54, 239, 148, 18, 215];
}

pub mod account {
    pub const PLATFORM: [u8; 8] = [77, 92, 204, 58, 187, 98, 91, 12];
    pub const STUDIO: [u8; 8] = [119, 56, 249, 225, 163, 17, 163, 171];
    pub const PROJECT: [u8; 8] = [205, 168, 189, 202, 181, 247, 142, 19];
    pub const INVESTMENT: [u8; 8] = [175, 134, 9, 175, 115, 153, 39, 28];
    pub const REVENUE_DISTRIBUTION: [u8; 8] = [105, 173, 41, 100, 28, 75, 4, 43];
    pub const EMBED: [u8; 8] = [96, 164, 83, 33, 76, 251, 64, 159];
    pub const CAMPAIGN: [u8; 8] = [50, 40, 49, 11, 157, 220, 229, 192];
}

pub mod event {
    pub const PLATFORM_INITIALIZED: [u8; 8] = [16, 222, 212, 5, 213, 140, 112, 162];
    pub const PLATFORM_UPDATED: [u8; 8] = [75, 10, 83, 45, 92, 4, 133, 128];
    pub const STUDIO_REGISTERED: [u8; 8] = [149, 16, 136, 41, 43, 255, 204, 175];
    pub const STUDIO_VERIFIED: [u8; 8] = [83, 222, 141, 247, 174, 8, 48, 43];
    pub const PROJECT_CREATED: [u8; 8] = [192, 10, 163, 29, 185, 31, 67, 168];
    pub const INVESTED: [u8; 8] = [178, 41, 156, 68, 189, 44, 235, 152];
    pub const LICENSE_CLAIMED: [u8; 8] = [97, 245, 151, 181, 204, 153, 49, 122];
    pub const REFUNDED: [u8; 8] = [35, 103, 149, 246, 196, 123, 221, 99];
    pub const EMBED_REGISTERED: [u8; 8] = [29, 189, 245, 244, 8, 94, 118, 152];
    pub const REVENUE_DISTRIBUTED: [u8; 8] = [78, 195, 188, 214, 203, 219, 199, 87];
    pub const REVENUE_CLAIMED: [u8; 8] = [5, 254, 104, 87, 133, 137, 45, 116];
    pub const PUBLISHER_REVENUE_CLAIMED: [u8; 8] = [179, 165, 59, 98, 233, 118, 124, 211];
    pub const CAMPAIGN_CREATED: [u8; 8] = [9, 98, 69, 61, 53, 131, 64, 152];
    pub const CAMPAIGN_TOPPED_UP: [u8; 8] = [6, 25, 234, 124, 163, 114, 164, 103];
    pub const CAMPAIGN_PAUSE_SET: [u8; 8] = [111, 108, 197, 48, 95, 86, 112, 40];
    pub const CAMPAIGN_SETTLED: [u8; 8] = [117, 145, 212, 210, 201, 63, 135, 24];
    pub const CAMPAIGN_CLOSED: [u8; 8] = [158, 143, 128, 251, 84, 131, 2, 90];
    pub const PROJECT_METADATA_UPDATED: [u8; 8] = [116, 68, 187, 63, 126, 197, 102, 134];
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    fn prefix(preimage: &str) -> [u8; 8] {
        let hash = Sha256::digest(preimage.as_bytes());
        hash[..8].try_into().unwrap()
    }

    #[test]
    fn instruction_discriminators_match_anchor() {
        assert_eq!(super::instruction::INITIALIZE_PLATFORM, prefix("global:initialize_platform"));
        assert_eq!(super::instruction::UPDATE_PLATFORM, prefix("global:update_platform"));
        assert_eq!(super::instruction::ACCEPT_ADMIN, prefix("global:accept_admin"));
        assert_eq!(super::instruction::REGISTER_STUDIO, prefix("global:register_studio"));
        assert_eq!(super::instruction::VERIFY_STUDIO, prefix("global:verify_studio"));
        assert_eq!(super::instruction::CREATE_PROJECT, prefix("global:create_project"));
        assert_eq!(super::instruction::INVEST, prefix("global:invest"));
        assert_eq!(super::instruction::CLAIM_LICENSE, prefix("global:claim_license"));
        assert_eq!(super::instruction::REFUND, prefix("global:refund"));
        assert_eq!(super::instruction::REGISTER_EMBED, prefix("global:register_embed"));
        assert_eq!(super::instruction::DISTRIBUTE_REVENUE, prefix("global:distribute_revenue"));
        assert_eq!(super::instruction::CLAIM_REVENUE, prefix("global:claim_revenue"));
        assert_eq!(super::instruction::CLAIM_PUBLISHER_REVENUE, prefix("global:claim_publisher_revenue"));
        assert_eq!(super::instruction::CREATE_CAMPAIGN, prefix("global:create_campaign"));
        assert_eq!(super::instruction::TOP_UP_CAMPAIGN, prefix("global:top_up_campaign"));
        assert_eq!(super::instruction::SET_CAMPAIGN_PAUSED, prefix("global:set_campaign_paused"));
        assert_eq!(super::instruction::CLOSE_CAMPAIGN, prefix("global:close_campaign"));
        assert_eq!(super::instruction::SETTLE_CAMPAIGN, prefix("global:settle_campaign"));
        assert_eq!(super::instruction::UPDATE_PROJECT_METADATA, prefix("global:update_project_metadata"));
    }

    #[test]
    fn account_discriminators_match_anchor() {
        assert_eq!(super::account::PLATFORM, prefix("account:Platform"));
        assert_eq!(super::account::STUDIO, prefix("account:Studio"));
        assert_eq!(super::account::PROJECT, prefix("account:Project"));
        assert_eq!(super::account::INVESTMENT, prefix("account:Investment"));
        assert_eq!(super::account::REVENUE_DISTRIBUTION, prefix("account:RevenueDistribution"));
        assert_eq!(super::account::EMBED, prefix("account:Embed"));
        assert_eq!(super::account::CAMPAIGN, prefix("account:Campaign"));
    }

    #[test]
    fn event_discriminators_match_anchor() {
        assert_eq!(super::event::PLATFORM_INITIALIZED, prefix("event:PlatformInitialized"));
        assert_eq!(super::event::PLATFORM_UPDATED, prefix("event:PlatformUpdated"));
        assert_eq!(super::event::STUDIO_REGISTERED, prefix("event:StudioRegistered"));
        assert_eq!(super::event::STUDIO_VERIFIED, prefix("event:StudioVerified"));
        assert_eq!(super::event::PROJECT_CREATED, prefix("event:ProjectCreated"));
        assert_eq!(super::event::INVESTED, prefix("event:Invested"));
        assert_eq!(super::event::LICENSE_CLAIMED, prefix("event:LicenseClaimed"));
        assert_eq!(super::event::REFUNDED, prefix("event:Refunded"));
        assert_eq!(super::event::EMBED_REGISTERED, prefix("event:EmbedRegistered"));
        assert_eq!(super::event::REVENUE_DISTRIBUTED, prefix("event:RevenueDistributed"));
        assert_eq!(super::event::REVENUE_CLAIMED, prefix("event:RevenueClaimed"));
        assert_eq!(super::event::PUBLISHER_REVENUE_CLAIMED, prefix("event:PublisherRevenueClaimed"));
        assert_eq!(super::event::CAMPAIGN_CREATED, prefix("event:CampaignCreated"));
        assert_eq!(super::event::CAMPAIGN_TOPPED_UP, prefix("event:CampaignToppedUp"));
        assert_eq!(super::event::CAMPAIGN_PAUSE_SET, prefix("event:CampaignPauseSet"));
        assert_eq!(super::event::CAMPAIGN_SETTLED, prefix("event:CampaignSettled"));
        assert_eq!(super::event::CAMPAIGN_CLOSED, prefix("event:CampaignClosed"));
        assert_eq!(super::event::PROJECT_METADATA_UPDATED, prefix("event:ProjectMetadataUpdated"));
    }
}
