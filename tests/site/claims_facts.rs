//! The contradictions of issue 56 can no longer be written: each class of claim that one page
//! made against another (where to report an incident, one mailbox with two acknowledgement times,
//! a signing claim made of every wallet, every transfer said to wait for approval, one transfer
//! said to be the only one signed without it, a user said to hold one role or several without
//! the rule, staking offered on two bases, a service shown for an entity that does not offer it, a
//! fee rule restated, a frequency typed) fails the content check at the file and line of the edit
//! that makes it.

use crate::claims::{at, refused, reported};
use crate::common::{errors_after, replace};

/// The first step of reporting an incident in the FAQ, whole.
const INCIDENT_STEP: &str = "- Write to our incident response team at [{channel.incidents.address}](mailto:{channel.incidents.address}). It is staffed {channel.incidents.hours}, and acknowledges a report within {channel.incidents.acknowledgement}. Do not use the application form of this website, which is for applications, not incidents.";

#[test]
fn a_claim_notice_through_a_desk_open_in_business_hours_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "channels.toml",
            "acknowledgement = \"support-reply\"\n",
            "acknowledgement = \"support-reply\"\ndeadlines = [\"claim-notice\"]\n",
        );
    });
    reported(
        &errors,
        &at("channels.toml", "id = \"support\""),
        &["staffed in business hours only", "deadline of 24 hours"],
    );
}

#[test]
fn an_incident_or_a_lost_key_sent_anywhere_but_the_incident_team_fails() {
    refused(
        "en/faq.toml",
        INCIDENT_STEP,
        "- Contact your account manager or our support team.",
        &[
            "sends the reader to the channel `account-manager`",
            "`incidents`",
        ],
    );
    refused(
        "zh/documents.toml",
        "请立即发送邮件至 {channel.incidents.address}，告知我们的安全事件响应团队",
        "请立即告知客户经理或我们的支持团队",
        &["this line is about “遗失”", "`incidents`"],
    );
}

#[test]
fn an_incident_sent_to_the_application_form_fails() {
    refused(
        "en/faq.toml",
        INCIDENT_STEP,
        "- If you have no other channel, use the [contact us](/contact-us) page.",
        &["sends the reader to the channel `applications`"],
    );
}

#[test]
fn one_mailbox_with_two_acknowledgement_times_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "channels.toml",
            "address = \"incidents@custody.example\"",
            "address = \"security@custody.example\"",
        );
    });
    reported(
        &errors,
        &at("channels.toml", "id = \"vulnerabilities\""),
        &[
            "share the address security@custody.example",
            "one address, one promise",
        ],
    );
    refused(
        "en/marketing/how-custody-works.toml",
        "or you report it to our incident response team at {channel.incidents.address}, staffed {channel.incidents.hours}; it acknowledges a report within {channel.incidents.acknowledgement}.",
        "or you report it to our security mailbox, which acknowledges a report within {duration.incident-acknowledgement}.",
        &["{duration.incident-acknowledgement} is a promise of the channel `incidents`"],
    );
}

#[test]
fn a_desk_said_to_be_open_when_it_is_not_fails() {
    refused(
        "en/marketing/how-custody-works.toml",
        "\"Staffed {channel.support.hours}; first reply",
        "\"Staffed around the clock, every day; first reply",
        &["“around the clock” is typed"],
    );
    refused(
        "zh/marketing/how-custody-works.toml",
        "\"{channel.support.hours}值守；",
        "\"{channel.incidents.hours}值守；",
        &["cites a fact of the channel `incidents` without naming it"],
    );
}

#[test]
fn a_signing_claim_typed_or_made_of_every_wallet_fails() {
    refused(
        "en/marketing/services.toml",
        "cold wallets sign by {signing.cold.scheme} across {signing.cold.continents}",
        "cold wallets sign by multi-signature across three continents",
        &["“multi-signature” is typed", "{signing.cold.scheme}"],
    );
    refused(
        "en/marketing/home.toml",
        "body = \"A cold wallet's keys, in",
        "body = \"Keys, in",
        &["holds for the `cold` wallet type only"],
    );
    refused(
        "zh/marketing/solutions-mining-pool.toml",
        "温钱包 · {signing.warm.threshold} 已签名",
        "已签名 3/5",
        &["“3/5” is typed", "{signing.cold.threshold}"],
    );
    refused(
        "en/marketing/solutions-mining-pool.toml",
        "Warm · {signing.warm.threshold} signed",
        "Signed 2 of 3",
        &["“2 of 3” is typed", "{signing.warm.threshold}"],
    );
}

#[test]
fn a_worded_signing_claim_made_of_a_wallet_it_is_not_true_of_fails() {
    refused(
        "en/marketing/how-custody-works.toml",
        "one to a site, so that no single site can sign for a warm wallet either.",
        "one to a site, and no continent holds enough of them to sign alone.",
        &["“no continent” is not true of `warm` wallets"],
    );
}

#[test]
fn every_transfer_said_to_wait_for_approval_without_the_automatic_transfers_fails() {
    refused(
        "en/marketing/how-custody-works.toml",
        "only Oasis settlement, gas-station top-ups, payouts under an address policy",
        "only Oasis settlement, payouts under an address policy",
        &[
            "`gas-station` transfers are signed without it",
            "{signing.automatic}",
        ],
    );
    refused(
        "zh/marketing/how-custody-works.toml",
        "Gas 费代付、地址策略下的付款及矿池收益发放",
        "Gas 费代付及矿池收益发放",
        &["“代贵机构批准”", "`warm-payouts`"],
    );
}

#[test]
fn one_transfer_said_to_be_the_only_one_signed_without_approval_fails() {
    refused(
        "en/faq.toml",
        "It is one of the kinds of transfer signed without your approval of each one,",
        "It is the one transfer signed without your approval of each one,",
        &[
            "“the one transfer” says one transfer alone",
            "{signing.automatic}",
        ],
    );
    refused(
        "en/faq.toml",
        "Rules you approved once are the exceptions you choose:",
        "An address policy is the exception you choose:",
        &[
            "“the exception you” says one transfer alone",
            "{signing.automatic}",
        ],
    );
    refused(
        "zh/marketing/home.toml",
        "例外是若干类温钱包转账",
        "唯一的例外是 Oasis 结算付款",
        &["“唯一的例外”", "automatic transfers"],
    );
}

#[test]
fn how_many_roles_a_user_holds_said_in_other_words_fails() {
    refused(
        "en/documents.toml",
        "{signing.roles} Assign each user the role their work requires:",
        "Give each user only the role, or roles, their work requires:",
        &[
            "“role, or roles” restates an approval rule",
            "{signing.roles}",
        ],
    );
    refused(
        "zh/faq.toml",
        "账户采用基于角色的访问控制。{signing.roles}",
        "账户采用基于角色的访问控制：每位用户获分配一个角色。",
        &["“一个角色”", "{signing.roles}"],
    );
}

#[test]
fn staking_offered_as_agent_and_counterparty_at_once_fails() {
    let errors = errors_after(|f| {
        replace(
            f,
            "offerings.toml",
            "basis = \"unregulated\", agent = true",
            "basis = \"unregulated\", agent = true, principal = true",
        );
    });
    reported(
        &errors,
        &at("offerings.toml", "id = \"staking\""),
        &["cannot act as the client's agent and also as its counterparty"],
    );
}

#[test]
fn a_service_shown_for_an_entity_that_does_not_offer_it_fails() {
    refused(
        "en/marketing/defi-connector.toml",
        "DeFi accounts are offered by our Singapore entity only;",
        "DeFi account support differs between our Singapore and Hong Kong entities;",
        &["offers “DeFi”", "for the entity `hk`"],
    );
    refused(
        "en/marketing/how-custody-works.toml",
        "[\"Fiat withdrawals and OTC conversions, Singapore entity only\"",
        "[\"Fiat withdrawals and OTC conversions\"",
        &["offers “fiat”", "for the entity `hk`"],
    );
    refused(
        "zh/marketing/trust-center.toml",
        "lead = \"各实体仅提供“我们的实体”页面为其列明的服务",
        "lead = \"各实体所提供的服务，均以其牌照或豁免所允许的范围为限。各实体仅提供“我们的实体”页面为其列明的服务",
        &["“以其牌照或豁免所允许的范围为限” is not true"],
    );
    refused(
        "en/marketing/home.toml",
        "service provider licence, an anti-money-laundering regime licence.",
        "service provider licence.",
        &["“service provider licence” needs its qualification"],
    );
}

#[test]
fn a_fee_or_a_percentage_typed_in_an_announcement_fails() {
    refused(
        "en/announcements.toml",
        "custody is charged at {fee.custody.rate} a year",
        "custody is charged at 0.25 % a year",
        &["“0.25 %” is typed", "{fee.…}"],
    );
    refused(
        "zh/announcements.toml",
        "香港实体的收费不受影响。现行收费标准",
        "请至少提前十个工作日联系客户经理。香港实体的收费不受影响。现行收费标准",
        &["“十个工作日” is typed", "{duration.fixed-package-notice}"],
    );
}

#[test]
fn a_notice_kept_as_published_keeps_its_figures_and_loses_the_exemption_without_its_mark() {
    assert!(
        errors_after(|_| {}).is_empty(),
        "the content is valid as it is"
    );
    let errors = errors_after(|f| {
        replace(
            f,
            "en/announcements.toml",
            "date = 2025-01-13\nas_published = true\n",
            "date = 2025-01-13\nas_published = false\n",
        );
    });
    reported(
        &errors,
        &at(
            "en/announcements.toml",
            "- below USD 10 million: USD 1,500 a month",
        ),
        &["“USD 1,500” is typed"],
    );
}

#[test]
fn a_frequency_typed_in_copy_or_an_illustration_fails() {
    refused(
        "en/marketing/how-custody-works.toml",
        "with the blockchain {frequency.reconciliation}.",
        "with the blockchain every business day.",
        &[
            "“every business day” is typed",
            "{frequency.reconciliation}",
        ],
    );
    refused(
        "zh/marketing/how-custody-works.toml",
        "我们{frequency.recovery-rehearsal.interval}演练一次灾难恢复",
        "我们至少每年一次演练灾难恢复",
        &["“至少每年一次” is typed", "{frequency.recovery-rehearsal}"],
    );
    refused(
        "en/marketing/solutions-defi-fund.toml",
        "\"Net asset value\"",
        "\"Daily NAV\"",
        &["“Daily” is typed"],
    );
}

#[test]
fn facts_that_contradict_themselves_fail_in_their_own_files() {
    let errors = errors_after(|f| {
        replace(
            f,
            "signing.toml",
            "wallet = \"warm\"\ninterval",
            "wallet = \"cold\"\ninterval",
        );
        replace(
            f,
            "offerings.toml",
            "offer = [{ entity = \"sg\", basis = \"licence\" }]\ncalled = { en = [\"DeFi\"]",
            "offer = [{ entity = \"sg\", basis = \"licence\" }, { entity = \"bt\", basis = \"licence\" }]\ncalled = { en = [\"DeFi\"]",
        );
        replace(
            f,
            "commitments.toml",
            "every = \"business-day\"",
            "every = \"business-day\"\nat_least = true",
        );
    });
    reported(
        &errors,
        &at("signing.toml", "id = \"oasis-settlement\""),
        &["not a wallet that signs automatically"],
    );
    reported(
        &errors,
        &at("offerings.toml", "id = \"defi\""),
        &["`bt` is not an entity clients contract with"],
    );
    reported(
        &errors,
        &at("commitments.toml", "id = \"reconciliation\""),
        &["\"at least once\" an hour or a business day"],
    );
}

#[test]
fn a_quote_credited_to_a_client_in_the_evidence_fails() {
    // Client evidence is figures only (issue 56 §3 item 1): the evidence kind has no quotes.
    for lang in ["en", "zh"] {
        let file = format!("{lang}/marketing/home.toml");
        let errors = errors_after(|f| {
            replace(
                f,
                &file,
                "[[section.group]]\nfirms = \"auditors\"",
                "[[section.quote]]\ntext = \"Quoted.\"\nrole = \"Head of Treasury\"\n\
                 institution = \"an exchange\"\n\n[[section.group]]\nfirms = \"auditors\"",
            );
        });
        reported(
            &errors,
            &format!("content/{file}:"),
            &["unknown field `quote`"],
        );
    }
}
